// A chat front end as it talks to a model: one `user` for every chat, the whole history in every request,
// Regenerate (the history again without the last reply), Edit (an earlier message changed, what followed
// dropped) and New chat. Each chat is its own conversation: the model sees that chat's history only, a
// regenerated turn once, an edited message in place of the old one; and the server-side state of a chat
// (its todo list) stays with it.
import { describe, expect, it } from "vitest";
import type OpenAI from "openai";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The model's view of a request, without the system prompt. */
const seen = (messages: Array<{ role: string; content?: unknown; tool_calls?: unknown }>) =>
  messages.filter((m) => m.role !== "system").map((m) => [m.role, typeof m.content === "string" ? m.content : null]);

describe("a chat front end's conversations, all with one user", () => {
  it("keeps each chat apart: two turns, Regenerate, Edit, New chat", async () => {
    const key = uniqueId("walk");
    const marker = await script(key, [
      { toolCalls: [{ id: "call_plan", name: "todo_write", args: { todos: [{ id: "1", text: "Explain derivatives", status: "completed" }] } }] },
      { text: "A derivative is a rate of change." },
      { text: "The derivative of x^2 is 2x." },
      { text: "Regenerated: d/dx x^2 = 2x." },
      { text: "Integrals add up small pieces." },
      { text: "Chat B says hello." },
    ]);
    const client = agentClient();
    const user = uniqueId("learner");
    const ask = async (messages: Turn[]) => {
      const { data, response } = await client.chat.completions.create({ model: "study-agent", user, messages }).withResponse();
      return { text: data.choices[0]!.message.content!, session: response.headers.get("x-session-id")! };
    };

    // Chat A, turn 1 (the agent writes its plan) and turn 2, the front end sending back what it was shown.
    const u1: Turn = { role: "user", content: `${marker} What is a derivative?` };
    const a1 = await ask([u1]);
    expect(a1.text).toContain("A derivative is a rate of change.");
    const u2: Turn = { role: "user", content: "And of x^2?" };
    const a2 = await ask([u1, { role: "assistant", content: a1.text }, u2]);
    expect(a2.session).toBe(a1.session);
    const chatA = (await (await call(`/v1/sessions/${a1.session}`)).json()) as { todos: Array<{ text: string }> };
    expect(chatA.todos.map((t) => t.text)).toEqual(["Explain derivatives"]);

    // Regenerate: the same history without the last reply.
    const regenerated = await ask([u1, { role: "assistant", content: a1.text }, u2]);
    expect(regenerated.text).toBe("Regenerated: d/dx x^2 = 2x.");
    // Edit of the first message: the edited message alone.
    const edited = await ask([{ role: "user", content: `${marker} What is an integral?` }]);
    expect(edited.text).toBe("Integrals add up small pieces.");
    // New chat B.
    const chatB = await ask([{ role: "user", content: `${marker} Hello from chat B` }]);
    expect(chatB.text).toBe("Chat B says hello.");

    const calls = (await requests(key)).requests.map((r) => seen(r.messages));
    const historyA = [
      ["user", `${marker} What is a derivative?`],
      ["assistant", null],
      ["tool", expect.any(String)],
      ["assistant", "A derivative is a rate of change."],
      ["user", "And of x^2?"],
    ];
    expect(calls).toEqual([
      [["user", `${marker} What is a derivative?`]],
      historyA.slice(0, 3),
      historyA,
      // Regenerate: chat A's history with the question once, not its earlier answer.
      historyA,
      // Edit: the new first message replaces the old one; nothing of chat A follows it.
      [["user", `${marker} What is an integral?`]],
      // Chat B: its own message only.
      [["user", `${marker} Hello from chat B`]],
    ]);

    // Every chat but A's continuation is a session of its own; the regenerated one took A's todo list along.
    const sessions = [a1.session, regenerated.session, edited.session, chatB.session];
    expect(new Set(sessions).size).toBe(4);
    const fork = (await (await call(`/v1/sessions/${regenerated.session}`)).json()) as { todos: Array<{ text: string }> };
    expect(fork.todos.map((t) => t.text)).toEqual(["Explain derivatives"]);

    // Continuing after the regenerated answer goes on in its session, which the model sees whole.
    await script(key, [{ text: "Next: the chain rule." }]);
    const next = await ask([
      u1,
      { role: "assistant", content: a1.text },
      u2,
      { role: "assistant", content: regenerated.text },
      { role: "user", content: "What next?" },
    ]);
    expect(next.session).toBe(regenerated.session);
  });
});
