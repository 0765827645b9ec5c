// The agent reads each model server as it really speaks (test/support/model-dialects.ts): reasoning
// streams as reasoning.delta and stays out of the history; tool calls work whatever the ids, chunking and
// finish_reason; usage is read wherever the server puts it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SourcedEvent } from "../../../src/agent/events";
import type { Message } from "../../../src/agent/messages";
import { calculateTool } from "../../../src/tools/calculate";
import { WireLoopHarness } from "../../support/wire-loop-harness";
import { DIALECTS, type DialectName } from "../../support/model-dialects";
import type { Reply } from "../../support/scripted-model";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const THINKING = "The user wants two products. I will calculate both.";
const twoCalls = (extra: Partial<Reply>): Reply[] => [
  {
    reasoning: THINKING,
    toolCalls: [
      { name: "calculate", args: { expression: "6*7" } },
      { name: "calculate", args: { expression: "12*12" } },
    ],
    usage: { prompt_tokens: 40, completion_tokens: 10 },
    ...extra,
  },
  { reasoning: "Both are done.", text: "42 and 144.", usage: { prompt_tokens: 60, completion_tokens: 5 }, ...extra },
];

const reasoningOf = (events: SourcedEvent[]) =>
  events
    .filter((e) => e.type === "reasoning.delta")
    .map((e) => (e as { delta: string }).delta)
    .join("");

/** The tool calls and results of a run pair up, one result per call, every id unique. */
function expectPairedCalls(messages: Message[]) {
  const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
  const results = messages.flatMap((m) => (m.role === "tool" ? [m] : []));
  expect(calls).toHaveLength(2);
  expect(new Set(calls.map((c) => c.id)).size).toBe(2);
  expect(calls.every((c) => c.id)).toBe(true);
  expect(results.map((r) => r.toolCallId).sort()).toEqual(calls.map((c) => c.id).sort());
  expect(results.map((r) => r.content)).toEqual(["6*7 = 42", "12*12 = 144"]);
}

describe.each([true, false])("model server dialects (stream: %s)", (stream) => {
  it.each(Object.keys(DIALECTS) as DialectName[])("%s: a two-call tool round, its reasoning and its usage", async (dialect) => {
    const { result, events, messages, key } = await h.run(twoCalls({ dialect }), { tools: [calculateTool], stream });
    expect(result).toMatchObject({ status: "completed", output: "42 and 144.", steps: 2 });
    expectPairedCalls(messages);
    const d = DIALECTS[dialect];
    // Thinking is shown as it comes, and never kept: not in the history, not sent back to the model.
    expect(reasoningOf(events)).toBe(d.reasoningField ? `${THINKING}Both are done.` : "");
    expect(JSON.stringify(messages)).not.toContain("two products");
    expect(JSON.stringify(h.model.requests(key).at(-1)!.messages)).not.toContain("two products");
    const counted = d.usage !== "absent" && !(stream && d.usage === "stream_absent");
    expect(result.usage).toEqual(
      counted ? { promptTokens: 100, completionTokens: 15, totalTokens: 115 } : { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    );
  });
});

describe("single quirks", () => {
  it.each([
    ["tool-call ids missing", { toolIds: "missing" }],
    ["the same id for every call", { toolIds: "repeated" }],
    ["arguments in one chunk", { toolArgs: "one" }],
    ["arguments in many chunks", { toolArgs: "many" }],
    ['finish_reason "stop" with tool calls', { finishWithTools: "stop" }],
    ["usage absent", { usage: "absent" }],
  ] as const)("%s", async (_name, quirks) => {
    for (const stream of [true, false]) {
      const { result, messages } = await h.run(twoCalls({ quirks }), { tools: [calculateTool], stream });
      expect(result).toMatchObject({ status: "completed", output: "42 and 144." });
      expectPairedCalls(messages);
    }
  });

  it("a server that refuses stream_options is asked again without it, once, and from then on never", async () => {
    const { result, key } = await h.run(twoCalls({ quirks: { streamOptions: "rejected", usage: "absent" } }), { tools: [calculateTool], stream: true });
    expect(result.status).toBe("completed");
    const sent = h.model.requests(key).map((r) => r.body.stream_options !== undefined);
    // Refused with it, then without it for this and every later request.
    expect(sent).toEqual([true, false, false]);
  });
});
