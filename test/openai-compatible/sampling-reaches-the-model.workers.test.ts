// A client's temperature, top_p, seed, penalties, reasoning effort, verbosity, token cap, safety identifier and
// the other servers' sampling extensions (top_k, min_p, repetition_penalty) reach every model call of its run,
// on Chat Completions and the Responses API (`reasoning.effort`, `text.verbosity`, `max_output_tokens`); an
// answer cut at the cap says so as OpenAI does; a run resumed with tool results takes the resuming request's;
// a value out of range is 400 naming the field, and null is as good as absent.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { weatherTool } from "../support/weather-tool";
import { call, uniqueId } from "../support/worker-http";
import { CLIENT_SAMPLING as chatSampling, SAMPLING_EXTENSIONS as extensions } from "../support/client-sampling";

const FIELDS = Object.keys(chatSampling);
const weather: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: "function",
  function: { name: weatherTool.name, description: weatherTool.description!, parameters: weatherTool.parameters! },
};

describe("sampling fields", () => {
  it("Chat Completions: every model call of the run carries them", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] }, { text: "42." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} 6*7?` }],
      ...chatSampling,
      ...extensions,
    } as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming);
    expect(reply.choices[0]!.message.content).toContain("42.");
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(2);
    for (const r of seen) expect(r.body).toMatchObject({ ...chatSampling, ...extensions });
  });

  it("Chat Completions: null is as good as absent", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }]);
    await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} hi` }],
      temperature: null,
      top_p: null,
      seed: null,
      reasoning_effort: null,
      verbosity: null,
      safety_identifier: null,
    });
    const [seen] = (await requests(key)).requests;
    for (const field of FIELDS) expect(seen!.body).not.toHaveProperty(field);
  });

  it("Chat Completions: a run resumed with tool results samples as the resuming request asks", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Oslo" }, id: "call_w1" }] }, { text: "Cold." }]);
    const client = agentClient({ headers: { "X-Agent-Progress": "none" } });
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: "user", content: `${marker} Oslo?` }];
    const first = await client.chat.completions.create({ model: "study-agent", messages, tools: [weather], temperature: 0.2, seed: 1 });
    const asked = first.choices[0]!.message;
    messages.push(asked, { role: "tool", tool_call_id: asked.tool_calls![0]!.id, content: "-3 °C" });
    await client.chat.completions.create({ model: "study-agent", messages, tools: [weather], temperature: 0.9 });
    const [start, resumed] = (await requests(key)).requests;
    expect(start!.body).toMatchObject({ temperature: 0.2, seed: 1 });
    expect(resumed!.body.temperature).toBe(0.9);
    expect(resumed!.body).not.toHaveProperty("seed");
  });

  it("Responses API: they reach the model, and the response repeats them, created and read back", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }]);
    const response = await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} hi`,
      temperature: 0.3,
      top_p: 0.8,
      reasoning: { effort: "max" },
      text: { verbosity: "low" },
      safety_identifier: "user-hash-2",
      ...extensions,
    } as OpenAI.Responses.ResponseCreateParamsNonStreaming);
    const echoed = { temperature: 0.3, top_p: 0.8, reasoning: { effort: "max" }, text: { verbosity: "low" }, safety_identifier: "user-hash-2" };
    expect(response).toMatchObject(echoed);
    expect(await agentClient().responses.retrieve(response.id)).toMatchObject(echoed);
    const [seen] = (await requests(key)).requests;
    expect(seen!.body).toMatchObject({
      temperature: 0.3,
      top_p: 0.8,
      reasoning_effort: "max",
      verbosity: "low",
      safety_identifier: "user-hash-2",
      ...extensions,
    });
  });

  it("Responses API: a request without them gets the API's nulls", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }]);
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} hi` });
    expect(response).toMatchObject({ temperature: null, top_p: null, reasoning: { effort: null } });
    expect(response.text).not.toHaveProperty("verbosity");
    expect(response).not.toHaveProperty("safety_identifier");
  });

  it("user, safety_identifier's deprecated name, reaches the model as it on both wires; safety_identifier wins", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }, { text: "ok" }, { text: "ok" }]);
    await agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} hi` }], user: "learner-7" });
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} hi`, user: "learner-8" });
    await agentClient().responses.create({ model: "study-agent", input: `${marker} again`, user: "learner-8", safety_identifier: "hash-9" });
    expect((await requests(key)).requests.map((r) => r.body.safety_identifier)).toEqual(["learner-7", "learner-8", "hash-9"]);
    expect(response.safety_identifier).toBe("learner-8");
  });

  it("Chat Completions: max_tokens caps every call as max_completion_tokens, and an answer cut at it finishes with length", async () => {
    const key = uniqueId("k");
    const cut = { text: "The derivative of x² is", finishReason: "length" };
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "2*3" } }] }, cut, cut, { text: "Done." }]);
    const client = agentClient({ headers: { "X-Agent-Progress": "none" } });
    const first = await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} d/dx x²?` }], max_tokens: 40 });
    expect(first.choices[0]).toMatchObject({ finish_reason: "length", message: { content: "The derivative of x² is" } });
    const streamed = await client.chat.completions
      .stream({ model: "study-agent", messages: [{ role: "user", content: `${marker} again?` }], max_completion_tokens: 30, max_tokens: 99 })
      .finalChatCompletion();
    expect(streamed.choices[0]!.finish_reason).toBe("length");
    const uncut = await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} last?` }], max_tokens: 40 });
    expect(uncut.choices[0]!.finish_reason).toBe("stop");
    const seen = (await requests(key)).requests.map((r) => r.body.max_completion_tokens);
    expect(seen).toEqual([40, 40, 30, 40]);
  });

  it("Responses API: max_output_tokens caps every call, and an answer cut at it is incomplete, created and read back", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Half an ans", finishReason: "length" }]);
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} hi`, max_output_tokens: 16 });
    const incomplete = { status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output_text: "Half an ans", max_output_tokens: 16 };
    expect(response).toMatchObject(incomplete);
    expect(await agentClient().responses.retrieve(response.id)).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } });
    const [seen] = (await requests(key)).requests;
    expect(seen!.body.max_completion_tokens).toBe(16);
  });

  it.each([
    ["/v1/chat/completions", "max_tokens", 0],
    ["/v1/chat/completions", "max_completion_tokens", 2.5],
    ["/v1/chat/completions", "temperature", 2.5],
    ["/v1/chat/completions", "top_p", 1.5],
    ["/v1/chat/completions", "seed", 1.5],
    ["/v1/chat/completions", "frequency_penalty", -3],
    ["/v1/chat/completions", "presence_penalty", "high"],
    ["/v1/chat/completions", "reasoning_effort", "extreme"],
    ["/v1/chat/completions", "verbosity", "loud"],
    ["/v1/chat/completions", "safety_identifier", "x".repeat(129)],
    ["/v1/chat/completions", "top_k", 1.5],
    ["/v1/chat/completions", "min_p", 2],
    ["/v1/chat/completions", "repetition_penalty", 0],
    ["/v1/responses", "temperature", -1],
    ["/v1/responses", "reasoning.effort", "extreme"],
    ["/v1/responses", "text.verbosity", "loud"],
    ["/v1/responses", "top_k", -2],
    ["/v1/responses", "user", "x".repeat(129)],
  ])("%s %s = %j: 400 naming it", async (path, param, value) => {
    const [field, inner] = param.split(".");
    const body = path.endsWith("responses") ? { model: "study-agent", input: "hi" } : { model: "study-agent", messages: [{ role: "user", content: "hi" }] };
    const res = await call(path, { method: "POST", json: { ...body, [field!]: inner ? { [inner]: value } : value } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error).toMatchObject({ code: "invalid_request", param });
  });
});
