// What the bot sends for a message in a forum topic goes to that topic (message_thread_id), else Telegram
// posts it in the General topic: "typing…", the answer, the lesson as HTML and as a document, Quiz me,
// the quiz's questions after a press there, the approval buttons, and the answer of the run the press
// resumed, in the topic's own session. Before, none of them carried the topic.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import type { PlatformCall } from "../../support/platform-fake";
import { lessonWriter } from "../../support/quiz-chats";
import { trace } from "../../support/session-api";
import { callbackQueryUpdate, inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

const TOPIC = 10;
const ADA = { id: 4242, first_name: "Ada", username: "ada" };

const say = async (chat: number, text: string) => expect((await postTelegram(inForumTopic(telegramGroupUpdate(chat, text), TOPIC))).status).toBe(200);
const press = async (chat: number, data: string) =>
  expect((await postTelegram(inForumTopic(callbackQueryUpdate(chat, 42, data, ADA), TOPIC))).status).toBe(200);

const sent = async (chat: number, method: string) => (await platformCalls("telegram", chat)).filter((c) => c.method === method);
const buttonOf = (call: PlatformCall, label: string) =>
  (call.body.reply_markup as Keyboard).inline_keyboard.flat().find((b) => b.text === label)!.callback_data;

/** The topic each call went to (a multipart sendDocument carries it as text). */
const topics = (calls: PlatformCall[]) => calls.map((c) => (c.body.message_thread_id === undefined ? "General" : Number(c.body.message_thread_id)));

describe("a forum topic's conversation", () => {
  it("gets its answer, lesson, document, Quiz me and quiz questions in the topic", async () => {
    const chat = uniqueSupergroupId();
    await say(chat, `${await lessonWriter()} teach me derivatives`);
    const offer = await waitFor(async () => (await sent(chat, "sendMessage")).find((c) => c.body.reply_markup), "Quiz me");
    await press(chat, buttonOf(offer, "Quiz me"));
    await waitFor(async () => (await sent(chat, "sendMessage")).find((c) => String(c.body.text).startsWith("Question 1 of")), "the first question");

    const messages = await sent(chat, "sendMessage");
    expect(messages.map((c) => String(c.body.text).slice(0, 20))).toEqual([
      "Here is your lesson.",
      expect.stringContaining("Derivatives"),
      expect.any(String),
      expect.stringMatching(/^Question 1 of/),
    ]);
    expect(topics(messages)).toEqual([TOPIC, TOPIC, TOPIC, TOPIC]);
    expect(topics(await sent(chat, "sendDocument"))).toEqual([TOPIC]);
    const typing = await sent(chat, "sendChatAction");
    expect(typing.length).toBeGreaterThan(0);
    expect(new Set(topics(typing))).toEqual(new Set([TOPIC]));
  }, 60_000);

  it("gets its approval buttons in the topic, and a press there resumes the topic's run", async () => {
    const key = uniqueId("tg-topic-approval");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "1111+1 is 1112." }]);
    const chat = uniqueSupergroupId();
    await say(chat, `${marker} add them`);
    const prompt = await waitFor(async () => (await sent(chat, "sendMessage")).find((c) => c.body.reply_markup), "the approval buttons");
    expect(topics([prompt])).toEqual([TOPIC]);

    await press(chat, buttonOf(prompt, "Allow"));
    const answer = await waitFor(async () => (await sent(chat, "sendMessage")).find((c) => c.body.text === "1111+1 is 1112."), "the resumed answer");
    expect(topics([answer])).toEqual([TOPIC]);
    const decided = (await trace(`tg-${chat}-t${TOPIC}`)).find((e) => e.type === "approval.decided");
    expect(decided?.data).toMatchObject({ decision: "allow", by: "telegram:4242" });
  });
});
