// A quiz on Telegram, end to end against the fake Bot API: "Quiz me" under a delivered lesson, one
// exercise at a time (A–D buttons for multiple choice, a reply for the others, the model grading the
// short answer), verdicts and feedback, /quiz to go on, the summary, and /review of what is due
// (the walk: test/support/chat-quiz-walk.ts).
import { describe, expect, it } from "vitest";
import { walkQuiz } from "../../support/chat-quiz-walk";
import { messageLog } from "../../support/message-log";
import { script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { QUIZ_LESSON } from "../../support/quiz-lesson";
import { callbackQueryUpdate, postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

/** The chat's bot messages, each with its buttons' callback_data by label. */
const sent = async (chat: number) =>
  (await platformCalls("telegram", chat))
    .filter((c) => c.method === "sendMessage")
    .map((c) => ({
      text: String(c.body.text),
      buttons: Object.fromEntries(((c.body.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data])),
    }));

describe("a quiz on Telegram", () => {
  it("offers Quiz me after a lesson, asks one exercise at a time, grades buttons and replies, then sums up; /review asks what is due", async () => {
    const chat = uniqueChatId();
    const next = messageLog(() => sent(chat), waitFor);
    const writer = await script(uniqueId("tg-quiz-lesson"), [
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), content: QUIZ_LESSON, topic: "calculus" } }] },
      { text: "Here is your lesson on derivatives." },
    ]);
    const say = async (text: string) => expect((await postTelegram(telegramUpdate(chat, text))).status).toBe(200);
    await say(`${writer} teach me derivatives`);

    // The answer, then the lesson (as HTML, then as a document), then the offer.
    const [answer, lesson, offer] = await next(3);
    expect(answer!.text).toBe("Here is your lesson on derivatives.");
    expect(lesson!.text).toContain("<b>Derivatives</b>");
    expect(Object.keys(offer!.buttons)).toEqual(["Quiz me"]);
    expect((await platformCalls("telegram", chat)).some((c) => c.method === "sendDocument")).toBe(true);

    await walkQuiz(
      {
        next,
        say,
        press: async (data: string) => expect((await postTelegram(callbackQueryUpdate(chat, 42, data))).status).toBe(200),
        learner: { id: `tg-${chat}`, tenant: "telegram" },
      },
      offer!.buttons["Quiz me"]!,
    );
  }, 60_000);
});
