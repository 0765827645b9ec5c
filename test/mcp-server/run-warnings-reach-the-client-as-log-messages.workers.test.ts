// The server declares logging, so a run's warnings (an answer cut at its length limit, an MCP server left
// out, …) reach the client as notifications/message at level warning, on the call's own stream; a client
// that set a level above warning (logging/setLevel) hears none. The level used to be stored and never read, and
// then lived only in the session object's memory: after an eviction the client heard warnings again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";
import { script } from "../support/model-control";
import { uniqueId } from "../support/worker-http";

const client = fileMcpClient();

/** An ask whose model answer is cut at its length limit: the run warns output_truncated. */
async function truncatedAsk() {
  const key = uniqueId("mcp-cut");
  await client().callTool({
    name: "ask",
    arguments: { input: `${await script(key, [{ text: "An answer cut", finishReason: "length" }])} hi`, sessionId: key },
  });
}

it("sends a run's warning at level warning, and none to a client that asked for errors only", async () => {
  const logs: LoggingMessageNotification["params"][] = [];
  client().setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));

  await client().setLoggingLevel("warning");
  await truncatedAsk();
  expect(logs).toEqual([{ level: "warning", logger: "study-agent", data: { code: "output_truncated", message: expect.any(String) } }]);

  await client().setLoggingLevel("error");
  await truncatedAsk();
  expect(logs).toHaveLength(1);
});

/** Ends the client's session object as a restart or an eviction does (its open streams hold it, so evictDurableObject waits): memory lost, storage kept. */
const restartSessionObject = () =>
  runInDurableObject(env.MCP_SESSIONS.getByName(client().transport!.sessionId!), (_o, state) => state.abort("simulated restart")).catch(() => {});

it("keeps the level the client set when its session object restarts", async () => {
  const logs: LoggingMessageNotification["params"][] = [];
  client().setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));

  await client().setLoggingLevel("error");
  await restartSessionObject();
  await truncatedAsk();
  expect(logs).toEqual([]);
});
