// The answer's format reaches the model as each API spells it: Chat Completions `response_format`
// ({type: "json_schema", json_schema: {…}}) and, with MODEL_API=responses, `text.format` ({type, name, schema,
// strict}); only the last call carries it, without tools. The loop keeps only the checked JSON in the history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsedObject } from "../../../src/agent";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { calculateTool } from "../../../src/tools/calculate";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
const answerFormat = { format: { type: "json_schema" as const, name: "count", schema, strict: true }, check: parsedObject };
const replies = [{ toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] }, { text: "It is 42." }, { text: '{"n":42}' }];

describe.each([true, false])("a response format over the wire (stream: %s)", (stream) => {
  it("Chat Completions: the last call has response_format and no tools; the history ends with the JSON alone", async () => {
    const { result, messages, events, key } = await h.run(replies, { tools: [calculateTool], stream, answerFormat });
    expect(result).toMatchObject({ status: "completed", output: '{"n":42}', steps: 3 });
    const seen = h.model.requests(key);
    expect(seen.map((r) => r.body.response_format)).toEqual([
      undefined,
      undefined,
      { type: "json_schema", json_schema: { name: "count", schema, strict: true } },
    ]);
    expect(seen[2]!.tools).toBeUndefined();
    expect(messages.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual(["", '{"n":42}']);
    // The one text the run said is the JSON.
    expect(events.flatMap((e) => (e.type === "text.delta" ? [e.delta] : [])).join("")).toBe('{"n":42}');
  });

  it("Responses API (MODEL_API=responses): the last call has text.format", async () => {
    const model = createOpenAIResponsesModel({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 });
    const { result, key } = await h.run(replies, { tools: [calculateTool], stream, answerFormat, model });
    expect(result).toMatchObject({ status: "completed", output: '{"n":42}' });
    const seen = h.model.requests(key);
    expect(seen[0]!.body.text).toBeUndefined();
    expect(seen[2]!.body.text).toEqual({ format: { type: "json_schema", name: "count", schema, strict: true } });
    expect(seen[2]!.body.tools).toBeUndefined();
  });
});
