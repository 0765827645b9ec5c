// A Chat Completions request that resumes a run with its tool results speaks for the rest of the run as a new
// request does: its system messages become the run's guidance and its response_format the run's format (the
// reply is then the checked JSON alone, without the progress lines of the agent's tools), and a format it
// leaves out no longer shapes the answer.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const weather: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: "function",
  function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
};
const schema = {
  type: "object",
  properties: { city: { type: "string" }, celsius: { type: "integer" } },
  required: ["city", "celsius"],
  additionalProperties: false,
};
const responseFormat = { type: "json_schema" as const, json_schema: { name: "weather", schema, strict: true } };
const answer = '{"city":"Paris","celsius":21}';

/** The first turn: the model calls the client's tool; returns the history with the call answered. */
async function firstRound(client: OpenAI, messages: Message[], extra: Partial<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming> = {}) {
  const first = await client.chat.completions.create({ model: "study-agent", messages, tools: [weather], ...extra });
  expect(first.choices[0]!.finish_reason).toBe("tool_calls");
  const call = first.choices[0]!.message.tool_calls![0]!;
  return [...messages, first.choices[0]!.message, { role: "tool" as const, tool_call_id: call.id, content: "sunny, 21 °C" }];
}

describe("a resuming request's system messages and response_format", () => {
  it("shape the rest of the run: guidance in the prompt, the checked JSON alone as the content", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] },
      { toolCalls: [{ name: "calculate", args: { expression: "20+1" } }] },
      { text: "Sunny in Paris, 21 °C." },
      { text: answer },
    ]);
    const client = agentClient();
    const answered = await firstRound(client, [{ role: "user", content: `${marker} Weather in Paris?` }]);

    const second = await client.chat.completions.create({
      model: "study-agent",
      messages: [{ role: "system", content: "Answer as JSON." }, ...answered],
      tools: [weather],
      response_format: responseFormat,
    });
    // Progress lines (the agent's calculate call) would break the JSON.
    expect(second.choices[0]!.message.content).toBe(answer);
    expect(second.choices[0]!.finish_reason).toBe("stop");

    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(4);
    expect(String(seen[0]!.messages[0]!.content)).not.toContain("Answer as JSON.");
    expect(String(seen[1]!.messages[0]!.content)).toMatch(/Guidance from the caller[^\n]*\nAnswer as JSON\./);
    expect(seen[3]!.body.response_format).toEqual(responseFormat);
  });

  it("left out: the format the run started with no longer applies", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] }, { text: "Sunny in Paris, 21 °C." }]);
    const client = agentClient({ headers: { "X-Agent-Progress": "none" } });
    const answered = await firstRound(client, [{ role: "user", content: `${marker} Weather in Paris?` }], { response_format: responseFormat });

    const second = await client.chat.completions.create({ model: "study-agent", messages: answered, tools: [weather] });
    expect(second.choices[0]!.message.content).toBe("Sunny in Paris, 21 °C.");
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(2);
    expect(seen.map((r) => r.body.response_format)).toEqual([undefined, undefined]);
  });
});
