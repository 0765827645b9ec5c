// TOOLS_INLINE_MAX took up to 1000, but a model request carries at most 128 tools (MAX_MODEL_TOOLS): a run
// with 200 MCP tools then deferred none, offered no tool_search, and the request was cut at 128, dropping the
// agent's own tools with only a trace warning. A value above 128 is refused at load, naming the variable; at 128,
// a run's tools are either all in the request or the MCP ones are deferred, and nothing is cut.
import { describe, expect, it } from "vitest";
import { MAX_MODEL_TOOLS, ToolRegistry } from "../../src/agent";
import { loadConfig } from "../../src/config";
import { KNOWN_TOOLS } from "../../src/tools";
import { configIssues } from "../support/config-issues";
import { LoopHarness } from "../support/loop-harness";
import { stubTool } from "../support/tool-stubs";

const h = new LoopHarness();

// Every tool of the agent's own a run may hold (built-ins, skill tools, todo_write, task, think, finish, …), tool_search aside.
const own = () => KNOWN_TOOLS.filter((t) => t.name !== "tool_search").map((t) => stubTool(t.name, `${t.name}.`, false));
const mcp = (n: number) => Array.from({ length: n }, (_, i) => stubTool(`mcp__weather__station_${i}`, `mcp__weather__station_${i}.`, true));

describe("TOOLS_INLINE_MAX", () => {
  it("above the tools one model request may carry is refused at load, naming the variable", () => {
    expect(MAX_MODEL_TOOLS).toBe(128);
    for (const value of ["1000", "129"]) expect(configIssues({ TOOLS_INLINE_MAX: value }), value).toEqual([expect.stringMatching(/^TOOLS_INLINE_MAX: /)]);
    expect(configIssues({ TOOLS_INLINE_MAX: "128" })).toEqual([]);
  });

  it("at the largest value it takes, never lets a request be cut: the agent's tools stay, and past it the MCP tools are deferred", async () => {
    // The largest value the setting loads with, found by bisection (not assumed to be 128).
    let [low, high] = [1, 100_000];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (configIssues({ TOOLS_INLINE_MAX: String(mid) }).length) high = mid - 1;
      else low = mid;
    }
    const inlineMax = loadConfig({ TOOLS_INLINE_MAX: String(low) }).TOOLS_INLINE_MAX;
    const ownNames = own().map((t) => t.name);
    for (const mcpCount of [MAX_MODEL_TOOLS - ownNames.length, MAX_MODEL_TOOLS - ownNames.length + 1, 200]) {
      const run = await h.run([{ text: "done" }], { tools: new ToolRegistry([...own(), ...mcp(mcpCount)], 60_000, inlineMax) });
      const offered = h.model.requests(run.key)[0]!.tools.map((t) => t.name);
      expect(offered.length, `${mcpCount} MCP tools`).toBeLessThanOrEqual(MAX_MODEL_TOOLS);
      expect(offered, `${mcpCount} MCP tools`).toEqual(expect.arrayContaining(ownNames));
      expect(offered.includes("tool_search"), `${mcpCount} MCP tools`).toBe(ownNames.length + mcpCount > inlineMax);
      expect(run.events.filter((e) => e.type === "warning")).toEqual([]);
    }
  });
});
