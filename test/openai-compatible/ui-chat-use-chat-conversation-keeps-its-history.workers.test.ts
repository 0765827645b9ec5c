// A useChat conversation on /v1/ui/chat, driven by the AI SDK's own chat engine (AbstractChat, which useChat
// runs) with DefaultChatTransport: every request re-sends the whole history, its replies under the ids the
// server streamed them with (their run ids), so the server takes it as its session's history each time — new
// questions, a Regenerate (regenerate()), and the engine's retry of a request that failed before any reply
// (regenerate() again: the question runs as a new turn). The model sees the conversation the page shows.
import { DefaultChatTransport, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { PageChat } from "../support/ui-chat-engine";
import { textOf } from "../support/ui-chat-send";
import { BASE, call, uniqueId, workerFetch } from "../support/worker-http";

const runIds = async (chatId: string) => ((await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ runId: string }> }).runs.map((r) => r.runId);

describe("a useChat conversation on /v1/ui/chat", () => {
  it("continues, regenerates and retries on the history the page shows", async () => {
    const chatId = uniqueId("ui-use-chat");
    const marker = await script(chatId, [{ text: "One." }, { text: "Two." }, { text: "Two, again." }, { text: "Three." }, { text: "Four." }]);
    let offline = false;
    const chat = new PageChat({
      id: chatId,
      transport: new DefaultChatTransport<UIMessage>({
        api: `${BASE}/v1/ui/chat`,
        fetch: (input, init) => (offline ? Promise.reject(new Error("offline")) : workerFetch(input, init)),
      }),
    });
    const replies = () => chat.messages.filter((m) => m.role === "assistant");
    const ok = () => expect({ status: chat.status, error: chat.error?.message }).toEqual({ status: "ready", error: undefined });

    await chat.sendMessage({ text: `${marker} Question 1` });
    ok();
    await chat.sendMessage({ text: "Question 2" });
    ok();
    await chat.regenerate();
    ok();
    await chat.sendMessage({ text: "Question 3" });
    ok();
    expect(replies().map(textOf)).toEqual(["One.", "Two, again.", "Three."]);
    expect(replies().map((m) => m.id)).toEqual(await runIds(chatId));

    // A request that never reached the server: the engine keeps the question, unanswered; its retry is regenerate().
    offline = true;
    await chat.sendMessage({ text: "Question 4" });
    expect(chat.status).toBe("error");
    offline = false;
    await chat.regenerate();
    ok();
    expect(chat.messages.map((m) => [m.role, textOf(m)])).toEqual([
      ["user", `${marker} Question 1`],
      ["assistant", "One."],
      ["user", "Question 2"],
      ["assistant", "Two, again."],
      ["user", "Question 3"],
      ["assistant", "Three."],
      ["user", "Question 4"],
      ["assistant", "Four."],
    ]);
    expect(replies().map((m) => m.id)).toEqual(await runIds(chatId));

    // The model's last call: the conversation as the page shows it (the harness's own reminders aside).
    const seen = (await requests(chatId)).requests
      .at(-1)!
      .messages.filter((m) => m.role !== "system" && !String(m.content).startsWith("[Reminder from the agent harness"))
      .map((m) => [m.role, m.content]);
    expect(seen).toEqual(chat.messages.slice(0, -1).map((m) => [m.role, textOf(m)]));
  });
});
