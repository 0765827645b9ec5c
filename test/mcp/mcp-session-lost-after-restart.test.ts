// A real server-everything restarted under the client: the new process knows nothing of the old
// session and answers 400 "No valid session ID" (not the spec's 404). The client re-initializes and
// retries the call once, instead of failing every later call of the run.
import { afterAll, expect, it } from "vitest";
import { parseMcpConfig } from "../../src/mcp/config";
import { McpManager } from "../../src/mcp/manager";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { runTool } from "../support/mcp-run-tool";

let server: EverythingServer;

afterAll(async () => {
  await server?.stop();
});

it("re-initializes after server-everything restarts and answers 400 for the old session", { timeout: 60_000 }, async () => {
  server = await startEverything("streamableHttp");
  const manager = new McpManager(parseMcpConfig({ mcpServers: { ev: { url: server.url } } }));
  const { tools } = await manager.connectAll();
  const echo = async (message: string) => (await runTool(tools, "mcp__ev__echo", { message })).result;
  expect(await echo("before")).toMatchObject({ status: "success", content: "Echo: before" });

  await server.stop();
  server = await startEverything("streamableHttp", server.port);

  for (const message of ["after", "and again"]) {
    expect(await echo(message)).toMatchObject({ status: "success", content: `Echo: ${message}` });
  }
  await manager.close();
});
