// MODEL_API=responses: the agent loop over the Responses API provider against the scripted model's
// Responses wire: a tool round, reasoning streamed and carried (encrypted) into the next step's input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { calculateTool } from "../../../src/tools/calculate";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const client = () => createOpenAIResponsesModel({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-reasoner", timeoutMs: 10_000, maxRetries: 0 });

describe.each([true, false])("the Responses API provider (stream: %s)", (stream) => {
  it("completes a tool loop, carrying the reasoning item before its call into the next step", async () => {
    const { result, events, messages, key } = await h.run(
      [
        {
          reasoning: "I should use the calculator.",
          toolCalls: [{ name: "calculate", args: { expression: "6*7" } }],
          usage: { prompt_tokens: 30, completion_tokens: 8 },
        },
        { text: "6*7 is 42.", usage: { prompt_tokens: 45, completion_tokens: 5 } },
      ],
      { tools: [calculateTool], stream, model: client() },
    );
    expect(result).toMatchObject({ status: "completed", output: "6*7 is 42.", steps: 2, usage: { promptTokens: 75, completionTokens: 13, totalTokens: 88 } });
    expect(messages.find((m) => m.role === "tool")?.content).toBe("6*7 = 42");
    expect(
      events
        .filter((e) => e.type === "reasoning.delta")
        .map((e) => (e as { delta: string }).delta)
        .join(""),
    ).toBe("I should use the calculator.");
    if (stream)
      expect(
        events
          .filter((e) => e.type === "text.delta")
          .map((e) => (e as { delta: string }).delta)
          .join(""),
      ).toBe("6*7 is 42.");

    const [first, second] = h.model.requests(key);
    expect(first!.body).toMatchObject({ instructions: "You are a test agent.", store: false, include: ["reasoning.encrypted_content"] });
    expect((first!.body.tools as Array<{ type: string; name: string }>).map((t) => [t.type, t.name])).toEqual([["function", "calculate"]]);
    const input = second!.body.input as Array<Record<string, unknown>>;
    const types = input.map((i) => i.type ?? i.role);
    expect(types).toEqual(["user", "reasoning", "function_call", "function_call_output"]);
    expect(input[1]).toMatchObject({ type: "reasoning", encrypted_content: expect.stringMatching(/^enc_/) });
    expect(input[3]!.call_id).toBe(input[2]!.call_id);
    expect(input[3]!.output).toBe("6*7 = 42");
  });
});
