// A child's model usage counts in the run's usage, also when its task is stopped by SUBAGENT_TIMEOUT_MS: the
// usage reached the run only with the task's result, which a stopped task never gives, so a run reported 22
// tokens while its trace held the child's 11,000.
import { describe, expect, it } from "vitest";
import { LoopHarness } from "../support/loop-harness";
import { runAgent } from "../support/agent-run";
import { calculateTool } from "../../src/tools/calculate";

const h = new LoopHarness();
const big = { promptTokens: 10_000, completionTokens: 1_000 };

describe("a timed-out subagent's usage", () => {
  it("is in the run's usage, as its trace has it", async () => {
    const child = h.model.script("f3-child", [
      { toolCalls: [{ name: "calculate", args: { expression: "2+2" } }], usage: big },
      { text: "too slow", delayMs: 5_000, usage: big },
    ]);
    const { result, events } = await runAgent(
      h,
      [
        { toolCalls: [{ name: "task", args: { prompt: `${child} research` } }], usage: { promptTokens: 10, completionTokens: 1 } },
        { text: "ok", usage: { promptTokens: 10, completionTokens: 1 } },
      ],
      { tools: [calculateTool], subagents: { timeoutMs: 1_000 }, key: "f3" },
    );
    const childCalls = events.filter((e) => e.type === "model.response" && e.agent);
    const childTokens = childCalls.reduce((n, e) => n + (e as { usage: { totalTokens: number } }).usage.totalTokens, 0);
    expect(childTokens).toBe(11_000);
    expect(result.usage.totalTokens).toBe(22 + childTokens);
  });
});
