// An MCP server's allowTools or denyTools pattern that matches none of the names the server lists left it
// silently without tools (or kept nothing out): `"allowTools": ["get_*s"]` on a server of get_issue and get_pr
// offered nothing and said nothing. Each such pattern is now a `warning` mcp_tool_pattern_unmatched among the
// run's MCP warnings (which the run emits as events, as it does a server it could not reach), and on the
// server in GET /v1/mcp/servers (McpConnectResult.servers); a refresh after list_changed says a new one.
import { afterEach, describe, expect, it } from "vitest";
import type { SourcedEvent } from "../../src/agent/events";
import { parseMcpConfig } from "../../src/mcp/config";
import { McpManager } from "../../src/mcp/manager";
import { startTestMcpServer, type TestMcpServer } from "../support/mcp-test-server";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function connect(tools: string[], entry: { allowTools?: string[]; denyTools?: string[] }, events: SourcedEvent[] = []) {
  const server: TestMcpServer = await startTestMcpServer({ tools: tools.map((name) => ({ name })) });
  const manager = new McpManager(parseMcpConfig({ mcpServers: { gh: { url: server.url, ...entry } } }), { emit: (e) => void events.push(e) });
  cleanups.push(async () => {
    await manager.close();
    await server.close();
  });
  return { server, manager, result: await manager.connectAll() };
}

describe("an allowTools / denyTools pattern that matches none of a server's names", () => {
  it("is a warning naming the server and the pattern, and the server's status carries it", async () => {
    const { result } = await connect(["get_issue", "get_pr"], { allowTools: ["get_*s", "get_pr"], denyTools: ["delete_*"] });
    expect(result.tools.map((t) => t.name)).toEqual(["mcp__gh__get_pr"]);
    const warnings = result.warnings.filter((w) => w.code === "mcp_tool_pattern_unmatched");
    expect(warnings).toEqual([
      {
        server: "gh",
        code: "mcp_tool_pattern_unmatched",
        message: expect.stringMatching(/^MCP server gh: allowTools\.0 \("get_\*s"\) matches none of .*get_issue, get_pr.* offers nothing/),
      },
      {
        server: "gh",
        code: "mcp_tool_pattern_unmatched",
        message: expect.stringMatching(/^MCP server gh: denyTools\.0 \("delete_\*"\) matches none of .* keeps nothing out/),
      },
    ]);
    expect(result.servers).toEqual([{ name: "gh", status: "connected", toolCount: 1, warnings }]);
  });

  it("says nothing when every pattern matches a tool", async () => {
    const long = "delete_every_row_of_the_production_database_right_now_please";
    const { result } = await connect(["get_issue", long], { allowTools: ["get_*", long] });
    expect(result.tools).toHaveLength(2);
    expect(result.warnings).toEqual([]);
    expect(result.servers[0]).not.toHaveProperty("warnings");
  });

  it("is said again when the server's new tool list (list_changed) leaves a pattern unmatched", async () => {
    const events: SourcedEvent[] = [];
    const { server, result } = await connect(["get_issue"], { allowTools: ["get_*"] }, events);
    expect(result.warnings).toEqual([]);
    await server.setTools([{ name: "list_issues" }]);
    await expect.poll(() => events.filter((e) => e.type === "warning").length, { timeout: 3_000 }).toBe(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "warning", code: "mcp_tool_pattern_unmatched", server: "gh", message: expect.stringContaining("allowTools.0") }),
    );
  });
});
