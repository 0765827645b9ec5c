import { describe, expect, it } from "vitest";
import { calculateTool } from "../../src/tools/calculate";
import { runAgent } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

const calc = (text?: string) => ({ ...(text ? { text } : {}), toolCalls: [{ name: "calculate", args: { expression: "2+2" } }] });

describe("a subagent at its limits", () => {
  it("returns what it has, with status partial, when it reaches its step limit", async () => {
    const child = h.model.script("partial-child", [calc("Found the first two sources."), calc(), calc()]);
    const { messages, events } = await runAgent(h, [{ toolCalls: [{ name: "task", args: { prompt: `${child} research`, maxSteps: 2 } }] }, { text: "ok" }], {
      tools: [calculateTool],
    });
    const result = messages.find((m) => m.role === "tool")!;
    expect(result.status).toBe("partial");
    expect(result.content).toContain("reached its limit of 2 model calls");
    expect(result.content).toContain("Found the first two sources.");
    expect(h.model.requests("partial-child")).toHaveLength(2);
    expect(events.find((e) => e.type === "subagent.finished")).toMatchObject({ status: "max_steps", steps: 2 });
  });

  it("refuses a maxSteps above SUBAGENT_MAX_STEPS", async () => {
    const { messages } = await runAgent(h, [{ toolCalls: [{ name: "task", args: { prompt: "x", maxSteps: 99 } }] }, { text: "ok" }]);
    expect(messages.find((m) => m.role === "tool")).toMatchObject({ status: "error" });
  });

  it("stops when the parent run is cancelled", async () => {
    const child = h.model.script("cancelled-child", [{ text: "too late", delayMs: 15_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const { result, events, messages } = await runAgent(h, [{ toolCalls: [{ name: "task", args: { prompt: `${child} slow work` } }] }, { text: "never" }], {
      loop: { signal: controller.signal },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe("cancelled");
    expect(messages.find((m) => m.role === "tool")).toMatchObject({ status: "error" });
    // The child's own run ended as cancelled too (its model call was aborted, not left running).
    await expect.poll(() => events.find((e) => e.type === "subagent.finished")).toMatchObject({ status: "cancelled" });
  });
});
