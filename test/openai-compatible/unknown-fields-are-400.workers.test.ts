// A top-level field neither wire knows is a 400 unknown_parameter naming it, as OpenAI answers it: a
// misspelt response_format would otherwise get free text where JSON was asked for. (The vendor sampling
// extensions, top_k, min_p and repetition_penalty, are known: sampling-reaches-the-model.workers.test.ts.)
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { agentClient } from "../support/openai-client";
import { apiErrorOf } from "../support/openai-api-error";

const format = { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } };

describe("fields the wire does not know", () => {
  it.each([
    ["respone_format", { respone_format: format }],
    ["session_id", { session_id: "s-1" }],
  ])("Chat Completions %s: 400 unknown_parameter naming it", async (param, extra) => {
    const e = await apiErrorOf(agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: "hi" }], ...extra } as never));
    expect(e).toBeInstanceOf(OpenAI.BadRequestError);
    expect(e.error).toMatchObject({ type: "invalid_request_error", code: "unknown_parameter", param });
    expect(e.message).toContain(param);
  });

  it.each([
    ["messages", { messages: [{ role: "user", content: "hi" }] }],
    ["text_format", { text_format: { type: "json_object" } }],
  ])("Responses %s: 400 unknown_parameter naming it", async (param, extra) => {
    const e = await apiErrorOf(agentClient().responses.create({ model: "study-agent", input: "hi", ...extra } as never));
    expect(e.error).toMatchObject({ code: "unknown_parameter", param });
  });
});
