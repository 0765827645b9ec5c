// tool_search promises the model that every tool it lists can be called from its next step, so it lists no
// more than the next request has room for beside the inline tools (128 in all); with no room it says so
// rather than list tools that would not be offered. It listed up to its `limit` whatever the room.
import { describe, expect, it } from "vitest";
import { MAX_MODEL_TOOLS, ToolRegistry } from "../../src/agent";
import { LoopHarness } from "../support/loop-harness";
import { mcpStubs, stubTool } from "../support/tool-stubs";

const h = new LoopHarness();

const inline = (n: number) => Array.from({ length: n }, (_, i) => stubTool(`builtin_${i}`, "inline", false));
const search = { toolCalls: [{ name: "tool_search", args: { query: "server", limit: 20 } }] };

describe("tool_search's answer", () => {
  it("lists only as many tools as the next request offers, and the next request offers each of them", async () => {
    // 120 inline tools and tool_search leave room for 7.
    const run = await h.run([search, { text: "done" }], { tools: new ToolRegistry([...inline(120), ...mcpStubs(200)], 60_000, 40) });
    const answer = run.messages.find((m) => m.role === "tool" && m.name === "tool_search")!.content;
    expect(answer).toMatch(/^7 tools found; call them from your next step:/);
    const listed = [...answer.matchAll(/^- (\S+):/gm)].map((m) => m[1]);
    expect(listed).toHaveLength(7);
    const next = h.model.requests(run.key)[1]!.tools.map((t) => t.name);
    expect(next).toHaveLength(MAX_MODEL_TOOLS);
    expect(next).toEqual(expect.arrayContaining(listed));
  });

  it("says no tool can be offered when the inline tools fill the request", async () => {
    const run = await h.run([search, { text: "done" }], { tools: new ToolRegistry([...inline(MAX_MODEL_TOOLS - 1), ...mcpStubs(200)], 60_000, 40) });
    const answer = run.messages.find((m) => m.role === "tool" && m.name === "tool_search")!;
    expect(answer).toMatchObject({ status: "error", content: expect.stringContaining("No deferred tool can be offered") });
    expect(answer.content).not.toContain("- mcp__");
  });
});
