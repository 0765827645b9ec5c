// A chat with a lesson just delivered and its "Quiz me" offered, on Telegram or Slack, driven the way
// the quiz helpers (chat-quiz-walk.ts, stale-quiz-presses.ts) expect: read the bot's messages, say
// something, press a button, and press one expecting a refusal (the note only the presser sees).
import { expect } from "vitest";
import { messageLog } from "./message-log";
import { script } from "./model-control";
import { platformCalls, uniqueChatId, waitFor } from "./platform-control";
import { QUIZ_LESSON } from "./quiz-lesson";
import type { StaleQuizChat } from "./stale-quiz-presses";
import { appMention, blockActions, eventCallback, postSlack, postSlackInteraction, TEAM_ID, uniqueChannel, uniqueTs } from "./slack-requests";
import { callbackQueryUpdate, postTelegram, telegramUpdate } from "./telegram-requests";
import { uniqueId } from "./worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
type Block = { type: string; elements?: Array<{ action_id: string; value: string; text: { text: string } }> };
export type SlackAction = { action_id: string; value: string };

/**
 * A model script that saves each lesson in turn and says so, one per message that carries the returned
 * marker (a chat's session keeps its first message, so later runs route to the same script).
 */
export const lessonWriter = (...lessons: string[]) =>
  script(
    uniqueId("quiz-lesson"),
    (lessons.length ? lessons : [QUIZ_LESSON]).flatMap((lesson) => [
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), content: lesson, topic: "calculus" } }] },
      { text: "Here is your lesson." },
    ]),
  );

/** A Telegram private chat: the bot's messages with their buttons' callback_data by label. */
export function telegramQuizChat(chat = uniqueChatId()): StaleQuizChat<string> & { chat: number } {
  const next = messageLog(
    async () =>
      (await platformCalls("telegram", chat))
        .filter((c) => c.method === "sendMessage")
        .map((c) => ({
          text: String(c.body.text),
          buttons: Object.fromEntries(((c.body.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data])),
        })),
    waitFor,
  );
  return {
    chat,
    next,
    say: async (text) => expect((await postTelegram(telegramUpdate(chat, text))).status).toBe(200),
    press: async (data) => expect((await postTelegram(callbackQueryUpdate(chat, 42, data))).status).toBe(200),
    pressRefused: async (data) => {
      const update = callbackQueryUpdate(chat, 42, data);
      expect((await postTelegram(update)).status).toBe(200);
      const answer = await waitFor(
        async () => (await platformCalls("telegram", update.callback_query.id)).find((c) => c.method === "answerCallbackQuery"),
        `the answer to ${data}`,
      );
      return String(answer.body.text);
    },
    oldStyle: (value) => value,
    learner: { id: `tg-${chat}`, tenant: "telegram" },
  };
}

/** A Slack channel thread (the mention's): the app's messages with each button's action by label; refusals are ephemeral notes. */
export function slackQuizChat(channel = uniqueChannel()): StaleQuizChat<SlackAction> & { mention: (text: string) => Promise<void> } {
  let thread: string | undefined;
  const calls = async (method: string) => (await platformCalls("slack", channel)).filter((c) => c.method === method);
  const next = messageLog(
    async () =>
      (await calls("chat.postMessage")).map((c) => ({
        text: String(c.body.text).replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"),
        buttons: Object.fromEntries(
          ((c.body.blocks as Block[] | undefined) ?? [])
            .filter((b) => b.type === "actions")
            .flatMap((b) => b.elements!)
            .map((e): [string, SlackAction] => [e.text.text, { action_id: e.action_id, value: e.value }]),
        ),
      })),
    waitFor,
  );
  const press = async (action: SlackAction) => expect((await postSlackInteraction(blockActions(channel, uniqueTs(), thread, action))).status).toBe(200);
  const say = async (text: string) => {
    const mention = appMention(channel, text, thread ? { thread_ts: thread } : {});
    thread ??= mention.ts;
    expect((await postSlack(eventCallback(mention))).status).toBe(200);
  };
  return {
    mention: say,
    next,
    say,
    press,
    pressRefused: async (action) => {
      const before = (await calls("chat.postEphemeral")).length;
      await press(action);
      const notes = await waitFor(async () => {
        const all = await calls("chat.postEphemeral");
        return all.length > before && all;
      }, `the note answering ${action.value}`);
      return String(notes[before]!.body.text);
    },
    oldStyle: (value) => ({ action_id: "button_0_0", value }),
    learner: { id: `slack-${TEAM_ID}-${channel}`, tenant: "slack" },
  };
}
