// The 128-tool cap at the model call never cuts a client's tool or tool_search: nothing else offers them,
// and a client's tool_choice may name one. The cap took the first 128 tools, and both come last (the client's
// after the agent's, tool_search added once tools are deferred), so they were the first cut. It now cuts
// deferrable tools first, then the agent's other tools; when the client's tools and tool_search alone are
// more, the run fails rather than send a request without some of them.
import { describe, expect, it } from "vitest";
import { addClientTools, MAX_MODEL_TOOLS, ToolRegistry, type ClientToolSpec, type Tool } from "../../src/agent";
import { LoopHarness } from "../support/loop-harness";
import { mcpStubs, stubTool } from "../support/tool-stubs";

const h = new LoopHarness();

const agentTools = (n: number) => Array.from({ length: n }, (_, i) => stubTool(`builtin_${i}`, "inline", false));
const clientSpecs = (n: number): ClientToolSpec[] =>
  Array.from({ length: n }, (_, i) => ({ name: `ct_${i}`, description: "", parameters: { type: "object" } }));

/** A registry of `tools` (deferring past `inlineMax`) with `clients` client tools added as a run adds them. */
function registry(tools: Tool[], clients: number, inlineMax?: number): ToolRegistry {
  const r = new ToolRegistry(tools, 60_000, inlineMax);
  addClientTools(r, clientSpecs(clients));
  return r;
}

const offered = (key: string) => h.model.requests(key)[0]!.tools.map((t) => t.name);
const clientNames = (names: string[]) => names.filter((n) => n.startsWith("ct_"));

describe("the tool cap", () => {
  it("with nothing deferred, cuts deferrable tools and keeps every client tool, the one tool_choice names too", async () => {
    const run = await h.run([{ text: "done" }], { tools: registry([...agentTools(10), ...mcpStubs(30)], 100), toolChoice: { name: "ct_99" } });
    const names = offered(run.key);
    expect(names).toHaveLength(MAX_MODEL_TOOLS);
    expect(clientNames(names)).toHaveLength(100);
    expect(names).toEqual(expect.arrayContaining(agentTools(10).map((t) => t.name)));
    // 140 tools: the 12 cut are the last MCP ones.
    expect(names.filter((n) => n.startsWith("mcp__"))).toEqual(mcpStubs(18).map((t) => t.name));
    expect(h.model.requests(run.key)[0]!.toolChoice).toEqual({ name: "ct_99" });
    expect(run.events.find((e) => e.type === "warning" && e.code === "tools_capped")).toBeDefined();
  });

  it("with tools deferred, keeps tool_search and every client tool, cutting the agent's last inline tools", async () => {
    // 24 inline + 105 client tools + tool_search: 130.
    const run = await h.run([{ text: "done" }], { tools: registry([...agentTools(24), ...mcpStubs(50)], 105, 40) });
    const names = offered(run.key);
    expect(names).toHaveLength(MAX_MODEL_TOOLS);
    expect(names).toContain("tool_search");
    expect(clientNames(names)).toHaveLength(105);
    expect(names).not.toContain("builtin_22");
    expect(names).not.toContain("builtin_23");
  });

  it("fails the run when the client's tools and tool_search alone are more than a request carries", async () => {
    const run = await h.run([{ text: "never asked" }], { tools: registry([...agentTools(2), ...mcpStubs(50)], MAX_MODEL_TOOLS, 40) });
    expect(run.result).toMatchObject({ status: "failed", error: { message: expect.stringContaining(`${MAX_MODEL_TOOLS + 1} client tools and tool_search`) } });
    expect(h.model.requests(run.key)).toHaveLength(0);
  });
});
