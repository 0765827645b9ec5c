// A front end that runs the client's tools re-sends them in its history: the assistant message with its tool_calls,
// the tool results, then the reply that followed. Its next turn continues the same session (the conversation
// index records each round the way the client sends it back), so the model sees the agent's own tool calls and
// its todo list stays; with X-Session-Id that history is the session's, so it is not refused. Two rounds in one
// run, with progress lines on (a front end sends them back in the content), the first reply streamed in one case.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const weather: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: "function",
  function: { name: "get_weather", description: "The weather in a city.", parameters: { type: "object", properties: { city: { type: "string" } } } },
};

/** The model's view of a request: each message's role, and an assistant's tool calls by name. */
const seen = (messages: Array<{ role: string; tool_calls?: unknown }>) =>
  messages
    .filter((m) => m.role !== "system")
    .map((m) => [m.role, ...((m.tool_calls as Array<{ function: { name: string } }> | undefined) ?? []).map((c) => c.function.name)]);

describe("a conversation with client-tool rounds", () => {
  for (const { named, stream } of [
    { named: false, stream: false },
    { named: true, stream: true },
  ]) {
    it(`continues in its session after the rounds (${named ? "X-Session-Id" : "found by its messages"}${stream ? ", streamed" : ""})`, async () => {
      const key = uniqueId("tool-rounds");
      const marker = await script(key, [
        { toolCalls: [{ id: "call_todo", name: "todo_write", args: { todos: [{ id: "1", text: "Plan from turn 1", status: "completed" }] } }] },
        { toolCalls: [{ id: "call_paris", name: "get_weather", args: { city: "Paris" } }] },
        { toolCalls: [{ id: "call_rome", name: "get_weather", args: { city: "Rome" } }] },
        { text: "Sunny in Paris, rainy in Rome." },
        { text: "Tomorrow: sunny in both." },
      ]);
      const client = agentClient({ headers: named ? { "X-Session-Id": uniqueId("tool-rounds") } : {} });
      const ask = async (messages: Turn[], streamed = false) => {
        const body = { model: "study-agent", messages, tools: [weather] };
        if (streamed) return { reply: await client.chat.completions.stream(body).finalChatCompletion(), session: undefined };
        const { data, response } = await client.chat.completions.create(body).withResponse();
        return { reply: data, session: response.headers.get("x-session-id")! };
      };

      const messages: Turn[] = [{ role: "user", content: `${marker} Weather in Paris and Rome?` }];
      const first = await ask(messages, stream);
      for (const result of ["sunny", "rainy"]) {
        const { message, finish_reason } = (result === "sunny" ? first : await ask(messages)).reply.choices[0]!;
        expect(finish_reason).toBe("tool_calls");
        messages.push(message as Turn, { role: "tool", tool_call_id: message.tool_calls![0]!.id, content: result });
      }
      // The request with the results answers in the run's session: the one the conversation took.
      const answer = await ask(messages);
      expect(answer.reply.choices[0]!.message.content).toContain("Sunny in Paris, rainy in Rome.");
      messages.push({ role: "assistant", content: answer.reply.choices[0]!.message.content }, { role: "user", content: "And tomorrow?" });

      const next = await ask(messages);
      expect(next.reply.choices[0]!.message.content).toBe("Tomorrow: sunny in both.");
      expect(next.session).toBe(answer.session);
      const session = (await (await call(`/v1/sessions/${next.session}`)).json()) as { todos: Array<{ text: string }> };
      expect(session.todos.map((t) => t.text)).toEqual(["Plan from turn 1"]);
      expect(seen((await requests(key)).requests[4]!.messages)).toEqual([
        ["user"],
        ["assistant", "todo_write"],
        ["tool"],
        ["assistant", "get_weather"],
        ["tool"],
        ["assistant", "get_weather"],
        ["tool"],
        ["assistant"],
        ["user"],
      ]);
    });
  }
});
