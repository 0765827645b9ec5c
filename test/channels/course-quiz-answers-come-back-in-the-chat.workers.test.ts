// Answers to a course's quiz given in a chat count for the course (its next lessons adapt to them), and
// they come back in that chat too: its /progress counts them and its /review asks the course's due
// exercises answered there, each answered for the course again, as long as the course exists. (The
// course's answers given elsewhere stay out: test/learning/a-course-s-answers-in-one-chat-stay-out-of-another.workers.test.ts.)
import { afterEach, describe, expect, it } from "vitest";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { createPlannedCourse, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { callbackQueryUpdate, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const sent = async (chat: number) =>
  (await platformCalls("telegram", chat))
    .filter((c) => c.method === "sendMessage")
    .map((c) => ({ text: htmlToPlain(String(c.body.text)), keyboard: c.body.reply_markup as Keyboard | undefined }));

/** The bot's first message after the `seen` it had sent that matches. */
const nextMessage = (chat: number, seen: number, matches: (text: string) => boolean, what: string) =>
  waitFor(async () => (await sent(chat)).slice(seen).find((m) => matches(m.text)), what);

const button = (m: { keyboard?: Keyboard }, label: string) => m.keyboard!.inline_keyboard.flat().find((b) => b.text === label)!.callback_data;

const answeredBy = async (learner: string) => ((await (await call(`/v1/learners/${learner}/progress`)).json()) as { answered: number }).answered;

describe("a course's quiz taken in a chat", () => {
  it("is counted in the chat's /progress, and the course's due exercises come back in its /review", async () => {
    const marker = await script(uniqueId("course-quiz-back"), [
      SYLLABUS_REPLY,
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
      { text: "Today: derivatives." },
    ]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Calculus`, deliver: { telegramChatId: chat } });
    created.push(course.id);
    await tick("2032-03-01T09:00:00Z");
    const lessonKey = (await waitForLessons(course.id, 1)).lessons[0]!.key;

    // The course's quiz in the chat: 1.1 answered wrong (due again tomorrow), for the course.
    const offer = await nextMessage(chat, 0, (t) => t.startsWith("Ready to check"), "the offer");
    expect((await postTelegram(callbackQueryUpdate(chat, 7, button(offer, "Quiz me")))).status).toBe(200);
    const question = await nextMessage(chat, 0, (t) => t.startsWith("Question 1 of 5"), "the first question");
    expect((await postTelegram(callbackQueryUpdate(chat, 8, button(question, "A")))).status).toBe(200);
    await nextMessage(chat, 0, (t) => t.startsWith("❌"), "the verdict");
    expect(await answeredBy(course.id)).toBe(1);

    // The chat's /progress counts it.
    let seen = (await sent(chat)).length;
    await postTelegram(telegramUpdate(chat, "/progress"));
    const progress = await nextMessage(chat, seen, (t) => t.startsWith("Your progress") || t.startsWith("No answers"), "the progress");
    expect(progress.text).toContain("Your progress: 1 answer, 0 correct (0 %).");

    // 1.2 of the course's lesson, missed here two days ago (kept for the course and for this conversation,
    // src/learning/chat-quiz.ts), is due now: the chat's /review asks it, for the course.
    const keptHere = `tg-${chat}-${course.id}`;
    expect(await answeredBy(keptHere)).toBe(1);
    await recordAnswer(keptHere, lessonKey, "1.2", "incorrect", Date.now() - 2 * 86_400_000);
    seen = (await sent(chat)).length;
    await postTelegram(telegramUpdate(chat, "/review"));
    const due = await nextMessage(chat, seen, (t) => /due for review/.test(t), "the review");
    expect(due.text).toBe("1 exercise is due for review.");
    const reviewQuestion = await nextMessage(chat, seen, (t) => t.startsWith("Question 1 of 1"), "the review's question");
    expect(reviewQuestion.text).toContain("(exercise 1.2, multiple choice):\nWhich is the slope of the tangent line");
    expect((await postTelegram(callbackQueryUpdate(chat, 9, button(reviewQuestion, "B")))).status).toBe(200);
    await nextMessage(chat, seen, (t) => t.startsWith("✅"), "the review's verdict");
    expect(await answeredBy(course.id)).toBe(2);
    expect(await answeredBy(keptHere)).toBe(3);

    // A course deleted is no longer this chat's to show: its answers leave the chat's /progress and /review.
    expect((await call(`/v1/courses/${created.pop()!}`, { method: "DELETE" })).status).toBe(204);
    await recordAnswer(course.id, lessonKey, "1.3", "incorrect", Date.now() - 2 * 86_400_000);
    seen = (await sent(chat)).length;
    await postTelegram(telegramUpdate(chat, "/progress"));
    expect((await nextMessage(chat, seen, () => true, "the progress after the deletion")).text).toMatch(/^No answers yet/);
    seen = (await sent(chat)).length;
    await postTelegram(telegramUpdate(chat, "/review"));
    expect((await nextMessage(chat, seen, () => true, "the review after the deletion")).text).toMatch(/^Nothing is due for review right now/);
  }, 60_000);
});
