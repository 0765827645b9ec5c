// A Responses client that asks for `reasoning.summary` gets the model's reasoning as `reasoning` output items,
// one a model call, before the words or the tool call it led to: streamed as OpenAI streams them, in the
// answer, and read back alike (the run keeps it); the AI SDK reads it as the answer's reasoning. Without the
// field the reasoning is in none of them, and kept nowhere.
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { parseResponseId } from "../../../src/openai-compatible/responses/response-id";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { BASE, call, uniqueId, workerFetch } from "../../support/worker-http";

const thinking = [
  { dialect: "deepseek" as const, reasoning: "Seven twelves: use the calculator.", toolCalls: [{ name: "calculate", args: { expression: "7*12" } }] },
  { dialect: "deepseek" as const, reasoning: "It gave 84.", text: "84", pieces: 3 },
];

describe("reasoning.summary on /v1/responses", () => {
  it("the answer carries a reasoning item before each model call's output, and GET reads back the same", async () => {
    const marker = await script(uniqueId("k"), thinking);
    const client = agentClient();
    const response = await client.responses.create({ model: "study-agent", input: `${marker} 7*12?`, reasoning: { summary: "auto" } });
    expect(response.output.map((o) => o.type)).toEqual(["reasoning", "mcp_call", "reasoning", "message"]);
    const summaries = response.output.flatMap((o) => (o.type === "reasoning" ? [o.summary] : []));
    expect(summaries).toEqual([[{ type: "summary_text", text: "Seven twelves: use the calculator." }], [{ type: "summary_text", text: "It gave 84." }]]);
    expect(response.output_text).toBe("84");
    expect(response.reasoning).toMatchObject({ summary: "auto" });
    const read = await client.responses.retrieve(response.id);
    expect(read.output).toEqual(response.output);
    expect(read.reasoning).toMatchObject({ summary: "auto" });
  });

  it("streamed: the summary's part and text events, then the item done, as OpenAI sends them", async () => {
    const marker = await script(uniqueId("k"), [thinking[1]!]);
    const stream = await agentClient().responses.create({ model: "study-agent", input: `${marker} 7*12?`, reasoning: { summary: "detailed" }, stream: true });
    const types: string[] = [];
    const deltas: string[] = [];
    let completed: unknown;
    for await (const e of stream) {
      types.push(e.type);
      if (e.type === "response.reasoning_summary_text.delta") deltas.push(e.delta);
      if (e.type === "response.completed") completed = e.response;
    }
    expect(deltas.join("")).toBe("It gave 84.");
    const reasoningEvents = types.filter((t) => t.includes("reasoning") || t.startsWith("response.output_item") || t === "response.output_text.delta");
    expect(reasoningEvents.slice(0, 2)).toEqual(["response.output_item.added", "response.reasoning_summary_part.added"]);
    const done = reasoningEvents.indexOf("response.reasoning_summary_text.done");
    expect(reasoningEvents.slice(done, done + 4)).toEqual([
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
      "response.output_item.done",
      "response.output_item.added",
    ]);
    expect(completed).toMatchObject({
      output: [{ type: "reasoning", summary: [{ text: "It gave 84." }] }, { type: "message" }],
      reasoning: { summary: "detailed" },
    });
  });

  it("without reasoning.summary the reasoning is in no answer and kept nowhere", async () => {
    const marker = await script(uniqueId("k"), [thinking[1]!]);
    const client = agentClient();
    const response = await client.responses.create({ model: "study-agent", input: `${marker} 7*12?` });
    expect(response.output.map((o) => o.type)).toEqual(["message"]);
    expect(response.reasoning).toMatchObject({ summary: null });
    const { sessionId } = parseResponseId(response.id);
    const trace = await (await call(`/v1/sessions/${sessionId}/events`)).text();
    expect(trace).toContain("84");
    expect(trace).not.toContain("It gave");
  });

  it("the AI SDK reads it as the answer's reasoning, generated and streamed", async () => {
    const openai = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch });
    // The SDK sends reasoning.summary only to a model it takes for a reasoning model.
    const providerOptions = { openai: { forceReasoning: true, reasoningSummary: "auto" } };
    const marker = await script(uniqueId("k"), thinking);
    const generated = await generateText({ model: openai.responses("study-agent"), prompt: `${marker} 7*12?`, providerOptions, maxRetries: 0 });
    expect(generated.reasoningText).toBe("Seven twelves: use the calculator.It gave 84.");
    expect(generated.text).toBe("84");

    const again = await script(uniqueId("k"), [thinking[1]!]);
    const streamed = streamText({ model: openai.responses("study-agent"), prompt: `${again} 7*12?`, providerOptions, maxRetries: 0 });
    const parts: string[] = [];
    for await (const part of streamed.fullStream) if (part.type === "reasoning-delta") parts.push(part.text);
    expect(parts.join("")).toBe("It gave 84.");
    expect(await streamed.text).toBe("84");
  });

  it("an unknown summary is 400 naming reasoning.summary", async () => {
    const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input: "hi", reasoning: { summary: "long" } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error).toMatchObject({ code: "invalid_request", param: "reasoning.summary" });
  });
});
