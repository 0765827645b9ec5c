// The run's permission check (the session's own hook, over real SQLite) judges an MCP tool found through
// tool_search as it judges an inline one: by its plain name too (a rule names `mcp__db__<tool>` as the server
// lists it, the model calls the cut and hashed name), in the top-level run and in a subagent, where a call
// the policy would ask about is handed back to the parent. The MCP server never receives a refused call.
import { nodeApprovalRequests } from "../../support/node-approvals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskTool } from "../../../src/agent/subagents";
import { TOOL_SEARCH } from "../../../src/agent/tool-search";
import { ToolRegistry, type Tool } from "../../../src/agent/tools";
import { PermissionPolicy } from "../../../src/lib/permissions";
import { parseMcpConfig } from "../../../src/mcp/config";
import { McpManager } from "../../../src/mcp/manager";
import { testParadigmSettings } from "../../support/agent-run";
import { LoopHarness, nextKey, runScriptedLoop } from "../../support/loop-harness";
import { startTestMcpServer, type TestMcpServer } from "../../support/mcp-test-server";

const LONG = "delete_every_row_of_the_production_database_right_now_please";
const received: string[] = [];
let server: TestMcpServer;
let manager: McpManager;
let mcpTools: Tool[];

beforeAll(async () => {
  const recorded = (name: string) => () => (received.push(name), { content: [{ type: "text" as const, text: `${name} done` }] });
  server = await startTestMcpServer({
    tools: [
      { name: LONG, description: "Deletes every row.", annotations: { destructiveHint: false }, handler: recorded(LONG) },
      { name: "notes", description: "Reads the notes.", annotations: { readOnlyHint: true }, handler: recorded("notes") },
    ],
  });
  manager = new McpManager(parseMcpConfig({ mcpServers: { db: { url: server.url } } }));
  ({ tools: mcpTools } = await manager.connectAll());
});
afterAll(async () => {
  await manager?.close();
  await server?.close();
});

function permissionHook(runId: string) {
  const approvals = nodeApprovalRequests();
  const policy = new PermissionPolicy([
    { tool: `mcp__db__${LONG}`, action: "deny" },
    { tool: "mcp__db__notes", action: "ask" },
  ]);
  return approvals.permissionHook(policy, runId, "wait");
}

describe("permission rules over deferred MCP tools", () => {
  it("deny a tool found through tool_search by its plain name, and hand a subagent's asked call back", async () => {
    const facing = mcpTools.find((t) => t.aliases?.includes(`mcp__db__${LONG}`))!.name;
    expect(facing).not.toBe(`mcp__db__${LONG}`);
    const h = new LoopHarness();
    const hook = permissionHook("run-d1");
    // Past one inline tool the MCP tools are deferred: the model finds them with tool_search.
    const tools = new ToolRegistry(mcpTools, 60_000, 1);
    tools.add(
      createTaskTool({
        model: h.model,
        tools,
        system: "You are a test subagent.",
        maxSteps: 4,
        maxConcurrent: 1,
        timeoutMs: 30_000,
        stream: false,
        settings: testParadigmSettings(),
        todoMaxItems: 10,
        toolGuards: [hook],
      }),
    );
    const child = h.model.script(nextKey("child"), [
      { toolCalls: [{ name: TOOL_SEARCH, args: { query: "notes" } }] },
      { toolCalls: [{ name: "mcp__db__notes", args: {} }] },
      { text: "I could not read them." },
    ]);
    const key = nextKey("parent");
    const run = await runScriptedLoop(
      h.model.script(key, [
        { toolCalls: [{ name: TOOL_SEARCH, args: { query: "delete every row" } }] },
        { toolCalls: [{ name: facing, args: {} }] },
        { toolCalls: [{ name: "task", args: { prompt: `${child} read the notes` } }] },
        { text: "done" },
      ]),
      key,
      h.model,
      { tools, hooks: [hook], runId: "run-d1" },
    );
    expect(run.result.status).toBe("completed");
    const results = run.messages.filter((m) => m.role === "tool");
    expect(results[0]!.content).toContain(facing);
    expect(results[1]).toMatchObject({ status: "error", content: expect.stringMatching(/^Permission denied: .*PERMISSIONS rule 1/) });
    expect(results[2]!.content).toContain(
      "needed a person's approval for these calls and did not make them; make them yourself if the task still needs them (you will be asked to approve):\n- mcp__db__notes {}",
    );
    expect(received).toEqual([]);
  });

  it("pauses the run for a person when the parent makes the call an ask rule names", async () => {
    const h = new LoopHarness();
    const run = await h.run([{ toolCalls: [{ name: TOOL_SEARCH, args: { query: "notes" } }] }, { toolCalls: [{ name: "mcp__db__notes", args: {} }] }], {
      tools: new ToolRegistry(mcpTools, 60_000, 1),
      hooks: [permissionHook("run-d2")],
      runId: "run-d2",
    });
    expect(run.result).toMatchObject({ status: "awaiting_approval", pending: [{ name: "mcp__db__notes" }] });
    expect(received).toEqual([]);
  });
});
