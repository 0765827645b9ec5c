// What the agent cannot honour (logprobs, n > 1, …) is a 400 unsupported_parameter naming the field; the
// harmless fields of docs/openai-compatible.md's table are accepted.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient, apiError } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";
import { RESPONSES_INCLUDABLE } from "../../src/openai-compatible/wire-fields";

describe("parameters the agent cannot honour", () => {
  const messages = [{ role: "user" as const, content: "hi" }];
  it.each([
    ["logprobs", { logprobs: true }],
    ["top_logprobs", { top_logprobs: 3 }],
    ["n", { n: 2 }],
    ["logit_bias", { logit_bias: { "50256": -100 } }],
    ["audio", { audio: { voice: "alloy", format: "mp3" }, modalities: ["text", "audio"] }],
    ["functions", { functions: [{ name: "f", parameters: {} }] }],
  ])("Chat Completions %s: 400 unsupported_parameter naming it", async (param, extra) => {
    const e = await apiError(agentClient().chat.completions.create({ model: "study-agent", messages, ...extra } as never));
    expect(e).toBeInstanceOf(OpenAI.BadRequestError);
    expect(e.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_parameter", param });
  });

  it.each([
    ["top_logprobs", { top_logprobs: 2 }],
    ["include", { include: ["message.output_text.logprobs"] }],
    ["prompt", { prompt: { id: "pmpt_1" } }],
    ["max_tool_calls", { max_tool_calls: 3 }],
    ["reasoning.mode", { reasoning: { mode: "pro" } }],
    ["reasoning.context", { reasoning: { context: "all_turns" } }],
    ["tools[0].defer_loading", { tools: [{ type: "function", name: "f", strict: false, parameters: null, defer_loading: true }] }],
    ["tools[0].async", { tools: [{ type: "function", name: "f", strict: false, parameters: null, async: true }] }],
    ["tools[0].allowed_callers", { tools: [{ type: "function", name: "f", strict: false, parameters: null, allowed_callers: ["programmatic"] }] }],
    ["tools[0].output_schema", { tools: [{ type: "function", name: "f", strict: false, parameters: null, output_schema: { type: "string" } }] }],
  ])("Responses %s: 400 unsupported_parameter naming it", async (param, extra) => {
    const e = await apiError(agentClient().responses.create({ model: "study-agent", input: "hi", ...extra } as never));
    expect(e.error).toMatchObject({ code: "unsupported_parameter", param });
  });

  it.each([
    ["include[1]", ["reasoning.encrypted_content", "reasoning.summary"]],
    ["include[0]", ["web_search_call.sources"]],
    ["include", "reasoning.encrypted_content"],
  ])("Responses include: a value the API does not define is 400 invalid_request naming %s", async (param, include) => {
    const e = await apiError(agentClient().responses.create({ model: "study-agent", input: "hi", include } as never));
    expect(e.error).toMatchObject({ code: "invalid_request", param });
  });

  it("a nested field nothing reads is 400 naming it, where it was dropped: in reasoning, in a tool", async () => {
    const reasoning = await apiError(agentClient().responses.create({ model: "study-agent", input: "hi", reasoning: { effort: "low", focus: "x" } } as never));
    expect(reasoning.error).toMatchObject({ code: "invalid_request" });
    expect(reasoning.message).toContain("focus");
    const tool = { type: "function", function: { name: "f", parameters: { type: "object" }, namespace: "n" } };
    const chat = await apiError(agentClient().chat.completions.create({ model: "study-agent", messages, tools: [tool] } as never));
    expect(chat.error).toMatchObject({ code: "invalid_request", param: "tools[0].function" });
    expect(chat.message).toContain("namespace");
  });

  it("their off values, and the harmless sampling fields, are accepted", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }, { text: "ok" }]);
    const chat = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} hi` }],
      n: 1,
      logprobs: false,
      temperature: 0.2,
      top_p: 0.9,
      seed: 7,
      max_tokens: 50,
    });
    expect(chat.choices[0]!.message.content).toBe("ok");
    const response = await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} hi`,
      temperature: 0.2,
      // Every value but logprobs: each names something this server's replies never hold, or need not (the field table says which).
      include: RESPONSES_INCLUDABLE.filter((v) => v !== "message.output_text.logprobs") as OpenAI.Responses.ResponseIncludable[],
      truncation: "auto",
      reasoning: { mode: "standard", context: "current_turn" },
      tools: [{ type: "function", name: "f", strict: false, parameters: null, defer_loading: false, allowed_callers: ["direct"], output_schema: null }],
    });
    expect(response.output_text).toBe("ok");
  });
});
