// A chat's quiz (the question out, the lesson /quiz asks about, the lessons Quiz me was offered under) is kept
// per learner since a forum topic is one of its own. Before, a chat kept one for all its conversations, under
// bare keys: what a chat kept so still counts, and in a forum it goes on in the first conversation that takes
// it up, not in every topic after it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../../src/platforms/telegram/telegram-html";
import { script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import type { PlatformCall } from "../../support/platform-fake";
import { lessonWriter } from "../../support/quiz-chats";
import { putLesson, QUIZ_LESSON } from "../../support/quiz-lesson";
import { callbackQueryUpdate, inForumTopic, postTelegram, telegramGroupUpdate, telegramUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

const post = async (update: unknown) => expect((await postTelegram(update)).status).toBe(200);
const objectOf = (chat: number) => env.CHATS.getByName(`telegram:${chat}`);
/** The bot's message starting with `start`, once sent. */
const sent = (chat: number, start: string) =>
  waitFor(
    async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && htmlToPlain(String(c.body.text)).startsWith(start)),
    `"${start}"`,
    10_000,
  );
const buttonOf = (call: PlatformCall, label: string) =>
  (call.body.reply_markup as Keyboard).inline_keyboard.flat().find((b) => b.text === label)!.callback_data;

describe("the quiz a chat kept before topics had their own", () => {
  it("goes on: /quiz asks about the lesson the chat kept", async () => {
    const chat = uniqueChatId();
    const lesson = `${uniqueId("kept")}.md`;
    await putLesson(env.LESSONS, lesson, QUIZ_LESSON, "telegram");
    await runInDurableObject(objectOf(chat), (_o, state) => {
      state.storage.sql.exec("INSERT INTO meta (key, value) VALUES ('last_lesson', ?)", lesson);
    });

    await post(telegramUpdate(chat, "/quiz"));
    await sent(chat, "Question 1 of 5");
  });

  it("goes on in a forum's first conversation to take it up, and in no other", async () => {
    const chat = uniqueSupergroupId();
    await post(telegramGroupUpdate(chat, `${await lessonWriter()} teach me derivatives`));
    const offer = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && c.body.reply_markup), "Quiz me");
    await post(callbackQueryUpdate(chat, 42, buttonOf(offer, "Quiz me")));
    await sent(chat, "Question 1 of 5");
    // The question out, as a chat kept it before: under the bare key.
    await runInDurableObject(objectOf(chat), (_o, state) => {
      state.storage.sql.exec("UPDATE meta SET key = 'quiz' WHERE key = ?", `quiz:tg-${chat}`);
    });

    await post(inForumTopic(telegramGroupUpdate(chat, "B"), 10));
    expect((await sent(chat, "✅ Correct.")).body.message_thread_id).toBe(10);
    const marker = await script(uniqueId("tg-kept-quiz"), [{ text: "An ion is a charged atom." }]);
    await post(inForumTopic(telegramGroupUpdate(chat, `${marker} What is an ion?`), 20));
    expect((await sent(chat, "An ion is a charged atom.")).body.message_thread_id).toBe(20);
  });
});
