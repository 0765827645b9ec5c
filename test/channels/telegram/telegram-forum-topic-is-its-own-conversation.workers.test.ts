// In a forum supergroup each topic is a conversation of its own, with its own session (tg-<chat>-t<topic>),
// as a Slack thread is: what was said in one topic is not in another's history, nor in the General topic's,
// which keeps the chat's session tg-<chat>. Only forum topics split a chat: the message_thread_id of a reply
// thread in a group without topics (no is_topic_message, as the Bot API says) leaves the message in the
// chat's conversation, and the answer goes to the chat. Before, every topic was one session, tg-<chat>.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { inForumTopic, inReplyThread, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

/** Posts the update and waits for the answer `expected` in the chat; returns that sendMessage call. */
async function ask(chat: number, update: unknown, expected: string) {
  expect((await postTelegram(update)).status).toBe(200);
  return waitFor(
    async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && c.body.text === expected),
    `the answer "${expected}"`,
  );
}

/** What the model was shown on its `n`th request, without the system prompt. */
const shown = async (key: string, n: number) =>
  JSON.stringify((await requests(key)).requests[n]!.messages.filter((m) => m.role !== "system").map((m) => m.content));

const runsOf = async (session: string) => ((await (await call(`/v1/sessions/${session}`)).json()) as { runs?: unknown[] }).runs?.length ?? 0;

describe("Telegram forum topics", () => {
  it("are each a conversation of their own; the General topic keeps the chat's", async () => {
    const key = uniqueId("tg-topics");
    const marker = await script(key, [{ text: "Bonjour." }, { text: "Atoms, then." }, { text: "General answer." }, { text: "Mme PLUM, yes." }]);
    const chat = uniqueSupergroupId();

    await ask(chat, inForumTopic(telegramGroupUpdate(chat, `${marker} [French] My French teacher is Mme PLUM.`), 10), "Bonjour.");
    await ask(chat, inForumTopic(telegramGroupUpdate(chat, `${marker} [Chemistry] What do you know about me?`), 20), "Atoms, then.");
    // The Chemistry topic's first question was asked without the French topic's exchange.
    expect(await shown(key, 1)).not.toContain("Mme PLUM");
    expect(await shown(key, 1)).not.toContain("Bonjour.");

    // The General topic (no message_thread_id) is the chat itself: neither topic's history.
    await ask(chat, telegramGroupUpdate(chat, `${marker} [General] Hello?`), "General answer.");
    expect(await shown(key, 2)).not.toContain("Mme PLUM");
    expect(await shown(key, 2)).not.toContain("[Chemistry]");

    // Back in French: its own history, and only its own.
    await ask(chat, inForumTopic(telegramGroupUpdate(chat, `${marker} [French] Who is my teacher?`), 10), "Mme PLUM, yes.");
    expect(await shown(key, 3)).toContain("My French teacher is Mme PLUM.");
    expect(await shown(key, 3)).not.toContain("[Chemistry]");
    expect(await shown(key, 3)).not.toContain("[General]");

    expect(await runsOf(`tg-${chat}-t10`)).toBe(2);
    expect(await runsOf(`tg-${chat}-t20`)).toBe(1);
    expect(await runsOf(`tg-${chat}`)).toBe(1);
  });

  it("do not include a reply thread of a group without topics: it stays in the chat's conversation", async () => {
    const key = uniqueId("tg-reply-thread");
    const marker = await script(key, [{ text: "Noted." }, { text: "Still here." }]);
    const chat = uniqueSupergroupId();

    const first = await ask(chat, telegramGroupUpdate(chat, `${marker} My name is Ada.`), "Noted.");
    const reply = await ask(chat, inReplyThread(telegramGroupUpdate(chat, `${marker} What is my name?`), 777), "Still here.");
    expect(await shown(key, 1)).toContain("My name is Ada.");
    expect(await runsOf(`tg-${chat}`)).toBe(2);
    // Both answers go to the chat, not to a topic.
    expect(first.body.message_thread_id).toBeUndefined();
    expect(reply.body.message_thread_id).toBeUndefined();
  });
});
