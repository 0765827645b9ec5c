// Client tools as the AI SDK and LangChain use them, against /v1/chat/completions: the AI SDK's generateText
// with toolChoice "required" gets the call and, with the result sent back, the run's answer; LangChain's
// bindTools gets `tool_calls`.
import { createOpenAI } from "@ai-sdk/openai";
import { ChatOpenAI } from "@langchain/openai";
import { generateText, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { requests, script } from "../../support/model-control";
import { BASE, uniqueId, workerFetch } from "../../support/worker-http";

const openai = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch });
const getWeather = tool({ description: "The weather in a city.", inputSchema: z.object({ city: z.string() }) });

describe("client tools with the AI SDK and LangChain", () => {
  it("AI SDK generateText: toolChoice required gets the call; the result sent back completes the same run", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Kyiv" } }] }, { text: "Kyiv: snow." }]);
    const messages: ModelMessage[] = [{ role: "user", content: `${marker} Weather in Kyiv?` }];
    const first = await generateText({
      model: openai.chat("study-agent"),
      messages,
      tools: { get_weather: getWeather },
      toolChoice: "required",
      maxRetries: 0,
    });
    expect(first.finishReason).toBe("tool-calls");
    const [call] = first.toolCalls;
    expect(call).toMatchObject({ toolName: "get_weather", input: { city: "Kyiv" } });

    messages.push(...first.response.messages, {
      role: "tool",
      content: [{ type: "tool-result", toolCallId: call!.toolCallId, toolName: "get_weather", output: { type: "text", value: "snow" } }],
    });
    const second = await generateText({ model: openai.chat("study-agent"), messages, tools: { get_weather: getWeather }, maxRetries: 0 });
    expect(second.text).toBe("Kyiv: snow.");
    expect(second.response.headers?.["x-run-id"]).toBe(first.response.headers?.["x-run-id"]);
    const seen = (await requests(key)).requests;
    expect(seen[0]!.tool_choice).toBe("required");
    expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: "snow" });
  });

  it("LangChain bindTools gets tool_calls", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Quito" } }] }]);
    const llm = new ChatOpenAI({ model: "study-agent", apiKey: "unused", maxRetries: 0, configuration: { baseURL: `${BASE}/v1`, fetch: workerFetch } });
    const reply = await llm
      .bindTools([
        {
          type: "function",
          function: { name: "get_weather", description: "The weather in a city.", parameters: { type: "object", properties: { city: { type: "string" } } } },
        },
      ])
      .invoke(`${marker} Weather in Quito?`);
    expect(reply.tool_calls).toEqual([expect.objectContaining({ name: "get_weather", args: { city: "Quito" } })]);
  });
});
