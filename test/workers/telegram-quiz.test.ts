// A quiz on Telegram, end to end against the fake Bot API: "Quiz me" under a delivered lesson, one
// exercise at a time (A–D buttons for multiple choice, a reply for the others, the model grading the
// short answer), verdicts and feedback, /quiz to go on, the summary, and /review of what is due.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { callbackQueryUpdate, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
interface Sent {
  text: string;
  buttons: Record<string, string>;
}

/** The chat's bot messages, and a way to wait for the next ones. */
function chatLog(chat: number) {
  let seen = 0;
  const messages = async (): Promise<Sent[]> =>
    (await platformCalls("telegram", chat))
      .filter((c) => c.method === "sendMessage")
      .map((c) => ({
        text: String(c.body.text),
        buttons: Object.fromEntries(((c.body.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data])),
      }));
  /** Waits for `n` new messages and returns them. */
  const next = async (n = 1): Promise<Sent[]> => {
    const all = await waitFor(async () => {
      const m = await messages();
      return m.length >= seen + n && m;
    }, `${n} new message(s) after ${seen}`);
    const fresh = all.slice(seen, seen + n);
    seen += n;
    return fresh;
  };
  return { next, skipAll: async () => (seen = (await messages()).length) };
}

const say = async (chat: number, text: string) => expect((await postTelegram(telegramUpdate(chat, text))).status).toBe(200);
const press = async (chat: number, data: string) => expect((await postTelegram(callbackQueryUpdate(chat, 42, data))).status).toBe(200);

describe("a quiz on Telegram", () => {
  it("offers Quiz me after a lesson, asks one exercise at a time, grades buttons and replies, then sums up; /review asks what is due", async () => {
    const chat = uniqueChatId();
    const log = chatLog(chat);
    const lessonFile = uniqueId("derivatives");
    const writer = await script(uniqueId("tg-quiz-lesson"), [
      { toolCalls: [{ name: "save_document", args: { filename: lessonFile, content: QUIZ_LESSON, topic: "calculus" } }] },
      { text: "Here is your lesson on derivatives." },
    ]);
    await say(chat, `${writer} teach me derivatives`);

    // The answer, then the lesson as a document, then the offer.
    const [answer, offer] = await log.next(2);
    expect(answer!.text).toBe("Here is your lesson on derivatives.");
    expect(Object.keys(offer!.buttons)).toEqual(["Quiz me"]);
    expect((await platformCalls("telegram", chat)).some((c) => c.method === "sendDocument")).toBe(true);

    // Multiple choice: the question with A–D buttons; a right press.
    await press(chat, offer!.buttons["Quiz me"]!);
    let [q] = await log.next();
    expect(q!.text).toContain("Question 1 of 5 (exercise 1.1, multiple choice):");
    expect(q!.text).toContain("What does the derivative measure?\nA. The value of a function\nB. The instantaneous rate of change");
    expect(Object.keys(q!.buttons)).toEqual(["A", "B", "C", "D"]);
    await press(chat, q!.buttons.B!);
    let [verdict] = await log.next();
    expect(verdict!.text).toBe("✅ Correct.\nThe derivative is the instantaneous rate of change.");
    expect(Object.keys(verdict!.buttons)).toEqual(["Next question"]);

    // A wrong press: the verdict says what was expected.
    await press(chat, verdict!.buttons["Next question"]!);
    [q] = await log.next();
    expect(q!.text).toContain("Question 2 of 5 (exercise 1.2");
    await press(chat, q!.buttons.D!);
    [verdict] = await log.next();
    expect(verdict!.text).toMatch(/^❌ Not quite\./);
    expect(verdict!.text).toContain("Expected: B. 2");

    // Fill in: answered by a reply (a variant of the key's answer), not sent to the agent.
    await press(chat, verdict!.buttons["Next question"]!);
    [q] = await log.next();
    expect(q!.text).toContain("Question 3 of 5 (exercise 1.3, fill in):");
    expect(q!.text).toContain("Reply with your answer.");
    expect(q!.buttons).toEqual({});
    await say(chat, "5x⁴");
    [verdict] = await log.next();
    expect(verdict!.text).toMatch(/^✅ Correct\./);

    // Short answer: the model grades the reply.
    await press(chat, verdict!.buttons["Next question"]!);
    [q] = await log.next();
    expect(q!.text).toContain("exercise 1.4, short answer");
    const grader = await script(uniqueId("tg-quiz-grade"), [
      { toolCalls: [{ name: "grade", args: { verdict: "partial", score: 0.5, feedback: "One factor goes, yes; say why n comes in front." } }] },
      { toolCalls: [{ name: "grade", args: { verdict: "correct", score: 1, feedback: "Right, and you checked it." } }] },
    ]);
    await say(chat, `${grader} because one x goes away`);
    [verdict] = await log.next();
    expect(verdict!.text).toContain("🟡 Partly right.\nOne factor goes, yes; say why n comes in front.");

    // /quiz goes on where the quiz is; the last answer ends it with a summary.
    await say(chat, "/quiz");
    [q] = await log.next();
    expect(q!.text).toContain("Question 5 of 5 (exercise 1.5, practice)");
    await say(chat, `${grader} 12x^2 - 2, which is 10 at x = 1`);
    const [last, summary] = await log.next(2);
    expect(last!.text).toContain("✅ Correct.\nRight, and you checked it.");
    expect(last!.buttons).toEqual({});
    expect(summary!.text).toContain("That was the last one.");
    expect(summary!.text).toContain("So far: 3 of 5 answers right");
    expect(summary!.text).toContain("Worth another look:");
    expect(summary!.text).toContain("Tangent line");

    // /review: the missed 1.2 is due tomorrow, not now.
    await say(chat, "/review");
    let [review] = await log.next();
    expect(review!.text).toMatch(/^Nothing is due for review/);

    // An exercise of another lesson missed two days ago is due now.
    const older = `${uniqueId("older")}.md`;
    await putLesson(env.LESSONS, older, QUIZ_LESSON, "telegram");
    const learners = (env as unknown as Env).LEARNERS;
    await learners.get(learners.idFromName(`tg-${chat}`)).record(
      "telegram",
      {
        lessonKey: older,
        exercise: {
          id: "1.1",
          chapter: 1,
          chapterTitle: "The derivative",
          type: "multiple_choice",
          question: "What does the derivative measure?",
          concepts: [],
        },
        answer: "A",
        grade: { exerciseId: "1.1", verdict: "incorrect", score: 0, feedback: "-", expected: "B" },
      },
      Date.now() - 2 * 86_400_000,
    );
    await say(chat, "/review");
    [review, q] = await log.next(2);
    expect(review!.text).toBe("1 exercise is due for review.");
    expect(q!.text).toContain("Question 1 of 1 (exercise 1.1, multiple choice)");
    await press(chat, q!.buttons.B!);
    const [right, end] = await log.next(2);
    expect(right!.text).toMatch(/^✅ Correct\./);
    expect(end!.text).toContain("That was the last one of the review.");
  }, 60_000);
});
