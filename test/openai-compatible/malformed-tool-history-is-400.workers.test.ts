// A Chat Completions history whose tool rounds OpenAI itself would refuse is a 400 naming the message at
// fault, before any model call: a `custom` tool call (the agent's model is offered function tools only), a
// tool message that answers no call of the assistant message before it, and an assistant's tool call left
// unanswered when the next user message comes. A well-formed history of several rounds still reaches the model.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { apiErrorOf } from "../support/openai-api-error";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const fnCall = (id: string) => ({ id, type: "function" as const, function: { name: "get_weather", arguments: '{"city":"Oslo"}' } });

describe("a malformed tool history", () => {
  it.each<[string, (marker: string) => Message[], { code: string; param: string; message: string }]>([
    [
      "a custom tool call",
      (marker) => [
        { role: "user", content: `${marker} hi` },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "custom", custom: { name: "shell", input: "ls" } }] },
        { role: "tool", tool_call_id: "c1", content: "a.txt" },
        { role: "user", content: "and?" },
      ],
      { code: "unsupported_parameter", param: "messages[1].tool_calls[0].type", message: "tool calls of type 'custom' are not supported" },
    ],
    [
      "a tool message after a user message",
      (marker) => [
        { role: "user", content: `${marker} hi` },
        { role: "tool", tool_call_id: "c1", content: "4" },
        { role: "user", content: "and?" },
      ],
      { code: "invalid_request", param: "messages[1].tool_call_id", message: "a tool message must answer a tool call of the assistant message before it; c1" },
    ],
    [
      "a tool message answering another id",
      (marker) => [
        { role: "user", content: `${marker} hi` },
        { role: "assistant", content: null, tool_calls: [fnCall("c1")] },
        { role: "tool", tool_call_id: "c2", content: "4" },
        { role: "user", content: "and?" },
      ],
      { code: "invalid_request", param: "messages[2].tool_call_id", message: "c2 is none of its tool_calls" },
    ],
    [
      "a call left unanswered before the next user message",
      (marker) => [
        { role: "user", content: `${marker} hi` },
        { role: "assistant", content: null, tool_calls: [fnCall("c1"), fnCall("c2")] },
        { role: "tool", tool_call_id: "c1", content: "4" },
        { role: "user", content: "and?" },
      ],
      { code: "invalid_request", param: "messages[1].tool_calls", message: "before messages[3]; unanswered: c2." },
    ],
  ])("%s: 400 naming the message, no model call", async (_case, history, expected) => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Never said." }]);
    const err = await apiErrorOf(agentClient().chat.completions.create({ model: "study-agent", messages: history(marker) }));
    expect(err).toMatchObject({ status: 400, code: expected.code, param: expected.param });
    expect(err.message).toContain(expected.message);
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("a well-formed history of two rounds, system messages among them, reaches the model", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Both done." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Oslo and Rome?" },
        { role: "assistant", content: null, tool_calls: [fnCall("c1"), fnCall("c2")] },
        { role: "tool", tool_call_id: "c2", content: "rain" },
        { role: "tool", tool_call_id: "c1", content: "snow" },
        { role: "assistant", content: "Snow and rain." },
        { role: "user", content: "And Lima?" },
        { role: "assistant", content: null, tool_calls: [fnCall("c3")] },
        { role: "tool", tool_call_id: "c3", content: "sun" },
        { role: "user", content: `${marker} Thanks.` },
      ],
    });
    expect(reply.choices[0]!.message.content).toBe("Both done.");
    const [seen] = (await requests(key)).requests;
    expect(seen!.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["c2", "c1", "c3"]);
  });
});
