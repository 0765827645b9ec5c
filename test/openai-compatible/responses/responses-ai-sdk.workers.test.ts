import { createOpenAI } from "@ai-sdk/openai";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { BASE, uniqueId, workerFetch } from "../../support/worker-http";

// The AI SDK's default OpenAI provider speaks the Responses API; its requests go to the Worker under test.
const openai = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch });

describe("the AI SDK's default provider, createOpenAI({baseURL})('study-agent'), against /v1/responses", () => {
  it("generateText: the scripted answer, usage, and continuity through previousResponseId", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { text: "Nice to meet you, Ada.", usage: { prompt_tokens: 21, completion_tokens: 6 } },
      { text: "Your name is Ada.", usage: { prompt_tokens: 33, completion_tokens: 5 } },
    ]);
    const first = await generateText({ model: openai("study-agent"), prompt: `${marker} My name is Ada.`, maxRetries: 0 });
    expect(first.text).toBe("Nice to meet you, Ada.");
    expect(first.usage).toMatchObject({ inputTokens: 21, outputTokens: 6, totalTokens: 27 });
    const responseId = first.providerMetadata?.openai?.responseId as string;
    expect(responseId).toMatch(/^resp_/);

    const second = await generateText({
      model: openai("study-agent"),
      prompt: "What is my name?",
      providerOptions: { openai: { previousResponseId: responseId } },
      maxRetries: 0,
    });
    expect(second.text).toBe("Your name is Ada.");
    const seen = (await requests(key)).requests[1]!.messages.filter((m) => m.role !== "system").map((m) => m.content);
    expect(seen).toEqual([`${marker} My name is Ada.`, "Nice to meet you, Ada.", "What is my name?"]);
  });

  it("streamText: text deltas, usage, and server-side tool calls marked as executed by the provider", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }], usage: { prompt_tokens: 10, completion_tokens: 4 } },
      { text: "6*7 is 42.", pieces: 3, usage: { prompt_tokens: 20, completion_tokens: 5 } },
    ]);
    const result = streamText({ model: openai("study-agent"), prompt: `${marker} What is 6*7?`, maxRetries: 0 });
    const deltas: string[] = [];
    for await (const d of result.textStream) deltas.push(d);
    expect(deltas.join("")).toBe("6*7 is 42.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(await result.usage).toMatchObject({ inputTokens: 30, outputTokens: 9, totalTokens: 39 });
    const calls = await result.toolCalls;
    expect(calls).toEqual([expect.objectContaining({ toolName: "mcp.calculate", providerExecuted: true, input: { expression: "6*7" } })]);
    const results = await result.toolResults;
    expect(results[0]).toMatchObject({ toolName: "mcp.calculate", providerExecuted: true });
  });

  it("a failed run is an error: generateText throws, streamText reports it", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const err = await generateText({ model: openai("study-agent"), prompt: `${marker} hi`, maxRetries: 0 }).catch((e) => e);
    expect(String(err.message)).toMatch(/HTTP 500/);

    const errors: unknown[] = [];
    const result = streamText({ model: openai("study-agent"), prompt: `${marker} hi`, maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    await result.consumeStream();
    expect(String((errors[0] as Error)?.message ?? errors[0])).toMatch(/HTTP 500/);
    expect(await result.finishReason).toBe("error");
  });
});
