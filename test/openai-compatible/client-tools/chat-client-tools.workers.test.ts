// Client-defined tools on Chat Completions, driven by the real `openai` client: the model's call of a
// client tool comes back as `tool_calls` (finish_reason "tool_calls"), and the client's `tool` message
// resumes the same run, whose next model call reads the result.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const weather: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

describe("client tools on /v1/chat/completions", () => {
  for (const stream of [false, true]) {
    it(`hands the call to the client and resumes the same run with its result (${stream ? "streamed" : "JSON"})`, async () => {
      const key = uniqueId("k");
      const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Paris" }, id: "call_w1" }] }, { text: "Sunny in Paris, 21 °C." }]);
      const client = agentClient({ headers: { "X-Agent-Progress": "none" } });
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: "user", content: `${marker} Weather in Paris?` }];

      const first = stream
        ? await client.chat.completions.stream({ model: "study-agent", messages, tools: [weather] }).finalChatCompletion()
        : await client.chat.completions.create({ model: "study-agent", messages, tools: [weather] });
      const choice = first.choices[0]!;
      expect(choice.finish_reason).toBe("tool_calls");
      const call = choice.message.tool_calls![0]!;
      expect(call).toMatchObject({ type: "function", function: { name: "get_weather" } });
      expect(JSON.parse(call.type === "function" ? call.function.arguments : "")).toEqual({ city: "Paris" });

      messages.push(choice.message, { role: "tool", tool_call_id: call.id, content: "sunny, 21 °C" });
      const { data: second, response } = await client.chat.completions.create({ model: "study-agent", messages, tools: [weather] }).withResponse();
      expect(second.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: "Sunny in Paris, 21 °C." } });
      expect(response.headers.get("x-run-id")).toBe(first.id.replace(/^chatcmpl-/, ""));

      const seen = (await requests(key)).requests;
      expect(seen).toHaveLength(2);
      expect(seen[0]!.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["get_weather", "web_search"]));
      expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_w1", content: "sunny, 21 °C" });
    });
  }

  it("offers the model no tool at all with tool_choice none", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Without tools." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Hi` }],
      tools: [weather],
      tool_choice: "none",
    });
    expect(reply.choices[0]!.finish_reason).toBe("stop");
    const [seen] = (await requests(key)).requests;
    expect(seen!.tools).toBeUndefined();
    expect(seen!.tool_choice).toBeUndefined();
  });

  it("forces a named function and passes parallel_tool_calls through", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Oslo" } }] }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Oslo?` }],
      tools: [weather],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      parallel_tool_calls: false,
    });
    expect(reply.choices[0]!.finish_reason).toBe("tool_calls");
    const [seen] = (await requests(key)).requests;
    expect(seen!.tool_choice).toEqual({ type: "function", function: { name: "get_weather" } });
    expect(seen!.body.parallel_tool_calls).toBe(false);
  });

  it("offers a client tool named like one of the agent's as client__<name>, and names it back", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "client__calculate", args: { x: 1 } }] }]);
    const calculate = { type: "function" as const, function: { name: "calculate", description: "The client's calculator.", parameters: { type: "object" } } };
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} 1+1` }],
      tools: [calculate],
    });
    const call = reply.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && call.function.name).toBe("calculate");
    const [seen] = (await requests(key)).requests;
    const names = seen!.tools!.map((t) => t.function.name);
    expect(names).toContain("client__calculate");
    expect(seen!.tools!.find((t) => t.function.name === "calculate")!.function.description).not.toBe("The client's calculator.");
  });

  it("refuses hosted tool types and malformed tools with the param at fault", async () => {
    const client = agentClient();
    const body = { model: "study-agent", messages: [{ role: "user" as const, content: "hi" }] };
    const hosted = await client.chat.completions.create({ ...body, tools: [{ type: "web_search" } as never] }).catch((e: unknown) => e);
    expect(hosted).toMatchObject({ status: 400, code: "unsupported_parameter", param: "tools[0].type" });
    const nameless = await client.chat.completions.create({ ...body, tools: [{ type: "function", function: { name: "bad name" } }] }).catch((e: unknown) => e);
    expect(nameless).toMatchObject({ status: 400, code: "invalid_request", param: "tools[0].function.name" });
    const unknownChoice = await client.chat.completions
      .create({ ...body, tools: [weather], tool_choice: { type: "function", function: { name: "nope" } } })
      .catch((e: unknown) => e);
    expect(unknownChoice).toMatchObject({ status: 400, param: "tool_choice" });
    const forged = await client.chat.completions
      .create({
        model: "study-agent",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: null, tool_calls: [{ id: "call_x", type: "function", function: { name: "f", arguments: "{}" } }] },
          { role: "tool", tool_call_id: "call_x", content: "42" },
        ],
      })
      .catch((e: unknown) => e);
    expect(forged).toMatchObject({ status: 400, code: "tool_call_not_found", param: "messages[2].tool_call_id" });
  });
});
