// A run's sampling (a client's temperature, top_p, seed, penalties, reasoning effort, verbosity, token cap,
// safety identifier and other servers' extensions) reaches every model call of the loop, as each API spells
// it: Chat Completions takes the fields as they are (but a reasoning summary, which it has no field for); the
// Responses API (MODEL_API=responses) nests the effort and summary in `reasoning` and the verbosity in `text`
// (beside a format), takes the cap as `max_output_tokens` and gets the rest as they are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sampling } from "../../../src/agent";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { calculateTool } from "../../../src/tools/calculate";
import { WireLoopHarness } from "../../support/wire-loop-harness";
import { CLIENT_SAMPLING, SAMPLING_EXTENSIONS } from "../../support/client-sampling";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const chatSampling = { ...CLIENT_SAMPLING, ...SAMPLING_EXTENSIONS, max_completion_tokens: 64 };
// A reasoning summary is the Responses API's alone: Chat Completions has no field for it.
const sampling: Sampling = { ...chatSampling, reasoning_summary: "auto" };
const replies = [{ toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] }, { text: "It is 42." }];

describe.each([true, false])("sampling over the wire (stream: %s)", (stream) => {
  it("Chat Completions: every call carries the fields as sent", async () => {
    const { result, key } = await h.run(replies, { tools: [calculateTool], stream, sampling });
    expect(result.status).toBe("completed");
    const seen = h.model.requests(key);
    expect(seen).toHaveLength(2);
    for (const r of seen) {
      expect(r.body).toMatchObject(chatSampling);
      expect(r.body).not.toHaveProperty("reasoning_summary");
    }
  });

  it("Chat Completions: a run without sampling sends none of the fields", async () => {
    const { key } = await h.run(replies, { tools: [calculateTool], stream });
    for (const r of h.model.requests(key)) for (const field of Object.keys(sampling)) expect(r.body).not.toHaveProperty(field);
  });

  it("Responses API: every call carries them, the effort and the summary in reasoning", async () => {
    const model = createOpenAIResponsesModel({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 });
    const { result, key } = await h.run(replies, { tools: [calculateTool], stream, sampling, model });
    expect(result.status).toBe("completed");
    const seen = h.model.requests(key);
    expect(seen).toHaveLength(2);
    const { reasoning_effort: _effort, max_completion_tokens: _cap, verbosity: _verbosity, ...asTheyAre } = chatSampling;
    for (const r of seen) {
      expect(r.body).toMatchObject({ ...asTheyAre, reasoning: { effort: "low", summary: "auto" }, text: { verbosity: "high" }, max_output_tokens: 64 });
      for (const field of ["reasoning_effort", "reasoning_summary", "max_completion_tokens", "verbosity"]) expect(r.body).not.toHaveProperty(field);
    }
  });

  it("Responses API: the verbosity goes beside the answer's format", async () => {
    const model = createOpenAIResponsesModel({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 });
    const answerFormat = { format: { type: "json_object" as const }, check: () => ({ ok: true as const }) };
    const { result, key } = await h.run([{ text: "One." }, { text: '{"a":1}' }], { stream, sampling: { verbosity: "high" }, answerFormat, model });
    expect(result.status).toBe("completed");
    const [writing, shaping] = h.model.requests(key);
    expect(writing!.body.text).toEqual({ verbosity: "high" });
    expect(shaping!.body.text).toEqual({ format: { type: "json_object" }, verbosity: "high" });
  });
});
