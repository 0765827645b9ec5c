import { describe, expect, it } from "vitest";
import { calculateTool } from "../../../src/tools/calculate";
import { runAgent } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();

describe("the react paradigm", () => {
  it("with think/finish tools: reasoning is a think call, and finish ends the run with its answer", async () => {
    const { result, key, messages, events } = await runAgent(
      h,
      [
        {
          toolCalls: [
            { name: "think", args: { thought: "I should compute 6*7 first." } },
            { name: "calculate", args: { expression: "6*7" } },
          ],
        },
        { toolCalls: [{ name: "finish", args: { answer: "The answer is 42." } }] },
        { text: "never asked" },
      ],
      { tools: [calculateTool], settings: { thinkFinishTools: true } },
    );
    expect(result).toMatchObject({ status: "completed", output: "The answer is 42.", steps: 2 });
    const requests = h.model.requests(key);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["think", "finish", "calculate"]));
    expect(requests[1]!.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["Noted.", expect.stringContaining("42")]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "assistant", "tool"]);
    expect(events.filter((e) => e.type === "text.delta").map((e) => (e.type === "text.delta" ? e.delta : ""))).toEqual(["The answer is 42."]);
  });

  it("without them (the default) offers neither tool and ends on a plain answer", async () => {
    const { result, key } = await runAgent(h, [{ text: "Plain answer." }]);
    expect(result).toMatchObject({ status: "completed", output: "Plain answer." });
    expect(h.model.requests(key)[0]!.tools.map((t) => t.name)).not.toContain("finish");
  });
});
