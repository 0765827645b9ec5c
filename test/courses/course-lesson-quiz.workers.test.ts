// "Quiz me" under a lesson a course delivered: in the Telegram chat and in the Slack thread the course
// delivers to, the button starts the quiz of that lesson there, and the answers count for the course
// (its learner), so its next lessons adapt to them. A chat the course does not deliver to is refused.
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import { blockActions, postSlackInteraction, uniqueChannel, uniqueTs } from "../support/slack-requests";
import { callbackQueryUpdate, postTelegram } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
type Block = { type: string; elements?: Array<{ action_id: string; value: string; text: { text: string } }> };

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const telegramTexts = async (chat: number) =>
  (await platformCalls("telegram", chat))
    .filter((c) => c.method === "sendMessage")
    .map((c) => ({ text: String(c.body.text), keyboard: c.body.reply_markup as Keyboard | undefined }));

describe("a course's lesson in a chat", () => {
  it("comes with Quiz me on Telegram and Slack; the quiz runs there and its answers count for the course", async () => {
    const marker = await script(uniqueId("course-quiz"), [
      SYLLABUS_REPLY,
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
      { text: "Today: derivatives." },
    ]);
    const chat = uniqueChatId();
    const channel = uniqueChannel();
    const course = await createPlannedCourse({ topic: `${marker} Calculus`, deliver: { telegramChatId: chat, slackChannel: channel } });
    created.push(course.id);
    await tick("2032-03-01T09:00:00Z");
    await waitForLessons(course.id, 1);

    // Telegram: the summary, the document, then the offer naming the course's lesson.
    const offer = (await telegramTexts(chat)).find((m) => m.keyboard)!;
    expect(offer.text).toContain("Ready to check what you learned?");
    const quizMe = offer.keyboard!.inline_keyboard[0]![0]!;
    expect(quizMe).toEqual({ text: "Quiz me", callback_data: `quiz:course:${course.id}:1` });

    // Slack: the offer in the thread of the announcement, with the lesson.
    const slack = await platformCalls("slack", channel);
    const announcement = slack[0]!.body;
    const slackOffer = slack.find((c) => c.body.blocks)!.body;
    expect(announcement.thread_ts).toBeUndefined();
    expect(slackOffer.thread_ts).toBe(slack[1]!.body.thread_ts);
    expect(slackOffer.thread_ts).toBeDefined();
    const button = (slackOffer.blocks as Block[]).find((b) => b.type === "actions")!.elements![0]!;
    expect(button.text.text).toBe("Quiz me");
    expect(button.value).toBe(`quiz:course:${course.id}:1`);

    // On Telegram: the first question, a right press.
    expect((await postTelegram(callbackQueryUpdate(chat, 7, quizMe.callback_data))).status).toBe(200);
    const question = await waitFor(async () => (await telegramTexts(chat)).find((m) => m.text.startsWith("Question 1 of 5")), "the first question");
    const b = question.keyboard!.inline_keyboard[0]!.find((k) => k.text === "B")!;
    expect((await postTelegram(callbackQueryUpdate(chat, 8, b.callback_data))).status).toBe(200);
    await waitFor(async () => (await telegramTexts(chat)).some((m) => m.text.startsWith("✅ Correct.")), "the verdict");

    // The answer is the course's: its learner has it.
    const progress = await call(`/v1/learners/${course.id}/progress`);
    expect(progress.status).toBe(200);
    expect(await progress.json()).toMatchObject({ answered: 1, correct: 1 });

    // On Slack: the same button starts the quiz in the offer's thread.
    const press = blockActions(channel, uniqueTs(), slackOffer.thread_ts as string, { action_id: button.action_id, value: button.value });
    expect((await postSlackInteraction(press)).status).toBe(200);
    const slackQuestion = await waitFor(
      async () => (await platformCalls("slack", channel)).find((c) => String(c.body.text).startsWith("Question 1 of 5")),
      "the question on Slack",
    );
    expect(slackQuestion.body.thread_ts).toBe(slackOffer.thread_ts);

    // Another chat pressing the same value (a forged callback) gets no quiz.
    const stranger = uniqueChatId();
    expect((await postTelegram(callbackQueryUpdate(stranger, 9, quizMe.callback_data))).status).toBe(200);
    const refusal = await waitFor(async () => (await telegramTexts(stranger))[0], "the refusal");
    expect(refusal.text).toBe("I cannot find that lesson for this chat.");
  }, 60_000);
});
