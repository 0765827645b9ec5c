// The core's tool search and its hard limit, through the real loop and an in-memory model: deferral
// starts past inlineMax only, non-deferrable tools stay inline, a request never carries more than 128
// tools (the oldest revealed tools leave first; tools no hook may add beyond it are cut with a warning),
// and a resumed run offers again what its earlier execution revealed.
import { describe, expect, it } from "vitest";
import { ToolRegistry, type ModelRequest } from "../../src/agent";
import { FakeModel } from "../support/fake-model";
import { LoopHarness } from "../support/loop-harness";
import { mcpStubs as mcpTools, stubTool as tool } from "../support/tool-stubs";

const h = new LoopHarness();

const names = (requests: ModelRequest[]) => requests.map((r) => r.tools.map((t) => t.name));
const offered = (key: string) => names(h.model.requests(key));

describe("tool search", () => {
  it("offers every tool while the run has no more than inlineMax", async () => {
    const run = await h.run([{ text: "done" }], { tools: new ToolRegistry([tool("calc", "adds", false), ...mcpTools(3)], 60_000, 4) });
    expect(offered(run.key)[0]!.sort()).toEqual(["calc", "mcp__s__t0", "mcp__s__t1", "mcp__s__t2"]);
  });

  it("past inlineMax, keeps non-deferrable tools inline and offers found tools from the next step", async () => {
    const run = await h.run(
      [{ toolCalls: [{ name: "tool_search", args: { query: "number 7" } }] }, { toolCalls: [{ name: "mcp__s__t7", args: {} }] }, { text: "done" }],
      { tools: new ToolRegistry([tool("calc", "adds", false), ...mcpTools(10)], 60_000, 4) },
    );
    const [first, second] = offered(run.key);
    expect(first).toEqual(["calc", "tool_search"]);
    expect(second).toContain("mcp__s__t7");
    expect(run.messages.find((m) => m.role === "tool" && m.name === "mcp__s__t7")).toMatchObject({ status: "success", content: "mcp__s__t7 ran" });
  });

  it("never sends more than 128 tools: the oldest revealed tools leave first", async () => {
    const inline = Array.from({ length: 120 }, (_, i) => tool(`builtin_${i}`, "inline", false));
    const run = await h.run(
      [
        { toolCalls: [{ name: "tool_search", args: { query: "server", limit: 20 } }] },
        { toolCalls: [{ name: "tool_search", args: { query: "mcp__s__t150" } }] },
        { text: "done" },
      ],
      { tools: new ToolRegistry([...inline, ...mcpTools(200)], 60_000, 40) },
    );
    const [, second, third] = offered(run.key);
    expect(second).toHaveLength(128);
    expect(third).toHaveLength(128);
    // 120 inline + tool_search leave room for 7 revealed: the exact-name match is the newest, kept.
    expect(third).toContain("mcp__s__t150");
    expect(third!.filter((n) => n.startsWith("mcp__"))).toHaveLength(7);
  });

  it("cuts a request at 128 tools with a warning when the inline tools alone are more", async () => {
    const inline = Array.from({ length: 130 }, (_, i) => tool(`builtin_${i}`, "inline", false));
    const run = await h.run([{ text: "done" }], { tools: new ToolRegistry(inline) });
    expect(offered(run.key)[0]).toHaveLength(128);
    expect(run.events.find((e) => e.type === "warning" && e.code === "tools_capped")).toBeDefined();
  });

  it("a resumed run offers again the tools its earlier execution found", async () => {
    const registry = () => new ToolRegistry([tool("calc", "adds", false), ...mcpTools(10)], 60_000, 4);
    const first = await h.run([{ toolCalls: [{ name: "tool_search", args: { query: "number 3" } }] }], { tools: registry(), yieldAtStep: 1 });
    expect(first.result.status).toBe("running");
    // The second execution has a model of its own (the history carries the first's script marker).
    const model = new FakeModel([{ text: "done" }]);
    const resumed = await h.run([], { tools: registry(), history: first.messages, stepsSoFar: 1, model });
    expect(resumed.result.status).toBe("completed");
    expect(names(model.requests())[0]).toContain("mcp__s__t3");
  });
});
