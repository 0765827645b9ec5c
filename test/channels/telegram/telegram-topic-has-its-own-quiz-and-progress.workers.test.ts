// A forum topic is a learner of its own: the quiz out in one topic is neither answered nor continued from
// another (a plain message there is a question for the agent, /quiz there knows no lesson yet), and /progress
// in a topic counts that topic's answers. Before, the quiz, the last lesson and the learner were the chat's:
// a message in another topic was graded as the answer to the question out, and no agent heard it.
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../../src/platforms/telegram/telegram-html";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import type { PlatformCall } from "../../support/platform-fake";
import { lessonWriter } from "../../support/quiz-chats";
import { callbackQueryUpdate, inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { ENGLISH_CHAT_PHRASES as SAY, ENGLISH_PHRASES as LEARNER } from "../../support/english-phrases";
import { uniqueId } from "../../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

const A = 10;
const B = 20;
const ADA = { id: 4242, first_name: "Ada", username: "ada" };

const say = async (chat: number, topic: number, text: string) =>
  expect((await postTelegram(inForumTopic(telegramGroupUpdate(chat, text), topic))).status).toBe(200);
const press = async (chat: number, topic: number, data: string) =>
  expect((await postTelegram(inForumTopic(callbackQueryUpdate(chat, 42, data, ADA), topic))).status).toBe(200);

/** The bot's message that `matches`, once sent. */
const sent = (chat: number, matches: (call: PlatformCall) => unknown, what: string) =>
  waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && matches(c)), what, 10_000);
const saying = (start: string) => (c: PlatformCall) => htmlToPlain(String(c.body.text)).startsWith(start);
const buttonOf = (call: PlatformCall, label: string) =>
  (call.body.reply_markup as Keyboard).inline_keyboard.flat().find((b) => b.text === label)!.callback_data;

describe("a forum topic's quiz and progress", () => {
  it("are the topic's own: another topic's message is asked, and its /quiz and /progress know only it", async () => {
    const chat = uniqueSupergroupId();
    await say(chat, A, `${await lessonWriter()} teach me derivatives`);
    await press(chat, A, buttonOf(await sent(chat, (c) => c.body.reply_markup, "Quiz me"), "Quiz me"));
    const question = await sent(chat, saying("Question 1 of"), "topic A's question");

    const marker = await script(uniqueId("tg-topic-quiz"), [{ text: "An ion is a charged atom." }]);
    await say(chat, B, `${marker} What is an ion?`);
    expect((await sent(chat, saying("An ion is a charged atom."), "the agent's answer in topic B")).body.message_thread_id).toBe(B);
    await say(chat, B, "/quiz");
    expect((await sent(chat, saying(SAY.noLessonYet), "topic B's /quiz")).body.message_thread_id).toBe(B);

    await press(chat, A, buttonOf(question, "B"));
    expect((await sent(chat, saying("✅ Correct."), "the verdict")).body.message_thread_id).toBe(A);
    await say(chat, B, "/progress");
    expect((await sent(chat, saying(LEARNER.progressNone), "topic B's progress")).body.message_thread_id).toBe(B);
    await say(chat, A, "/progress");
    expect((await sent(chat, saying("Your progress: 1 answer, 1 correct"), "topic A's progress")).body.message_thread_id).toBe(A);
  }, 60_000);
});
