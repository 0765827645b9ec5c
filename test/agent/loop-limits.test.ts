import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../src/agent/tools";
import { calculateTool } from "../../src/tools/calculate";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

const again = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };

describe("the loop's limits", () => {
  it("stops at maxSteps model calls with status max_steps, its output the model's last words (no English of ours)", async () => {
    const said = { ...again, text: "Je calcule d'abord." };
    const { result, messages, key } = await h.run([again, again, said, again], { tools: [calculateTool], maxSteps: 3 });
    expect(result.status).toBe("max_steps");
    expect(result.steps).toBe(3);
    expect(result.output).toBe("Je calcule d'abord.");
    expect(h.model.requests(key)).toHaveLength(3);
    // History stays valid: every call of the last turn has a result.
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.id) : []));
    const answered = messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : []));
    expect(answered.sort()).toEqual(calls.sort());
  });

  it("does not run tool calls cut by finish_reason length, and tells the model", async () => {
    let ran = 0;
    const write = defineTool({ name: "write", description: "writes", input: z.object({ text: z.string() }), run: () => (ran++, ok("written")) });
    const { result, messages } = await h.run(
      [{ toolCalls: [{ name: "write", args: { text: "complete-looking" } }], finishReason: "length" }, { text: "I will be brief." }],
      { tools: [write] },
    );
    expect(ran).toBe(0);
    expect(result.status).toBe("completed");
    const r = messages.find((m) => m.role === "tool")!;
    expect(r.status).toBe("error");
    expect(r.content).toContain("cut off");
  });

  it("counts usage over every model call of the run", async () => {
    const { result } = await h.run(
      [
        { ...again, usage: { promptTokens: 100, completionTokens: 10 } },
        { text: "2", usage: { promptTokens: 150, completionTokens: 5 } },
      ],
      { tools: [calculateTool] },
    );
    expect(result.usage).toEqual({ promptTokens: 250, completionTokens: 15, totalTokens: 265 });
  });
});
