// /course in a forum topic sets up a course that delivers to that topic: its `deliver` names the topic as
// "<chat id>/<topic id>", each lesson (the announcement, the lesson, its document, Quiz me) goes there with
// the topic's message_thread_id, and Quiz me pressed there starts the course's quiz (the topic is where the
// course delivers). Before, the course delivered to the chat, so its lessons landed in the General topic.
import { afterEach, describe, expect, it } from "vitest";
import { confirmedCourse, SYLLABUS_REPLY, waitForLessons } from "../../support/course-fixtures";
import { tick } from "../../support/course-tick";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { QUIZ_LESSON } from "../../support/quiz-lesson";
import { callbackQueryUpdate, inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const TOPIC = 30;
const topicOf = (c: { body: Record<string, unknown> }) => (c.body.message_thread_id === undefined ? "General" : Number(c.body.message_thread_id));

describe("/course in a forum topic", () => {
  it("delivers the course's lessons, and its quiz, to that topic", async () => {
    const marker = await script(uniqueId("tg-topic-course"), [
      SYLLABUS_REPLY,
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
      { text: "Today: derivatives." },
    ]);
    const chat = uniqueSupergroupId();
    await postTelegram(inForumTopic(telegramGroupUpdate(chat, `/course ${marker} Vectors`), TOPIC));
    const confirmation = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage"), "the confirmation");
    expect(topicOf(confirmation)).toBe(TOPIC);
    const course = await confirmedCourse(String(confirmation.body.text));
    created.push(course.id);
    expect(course.deliver).toEqual([{ platform: "telegram", to: `${chat}/${TOPIC}` }]);

    await tick("2033-05-02T09:00:00Z");
    await waitForLessons(course.id, 1);
    const delivered = (await platformCalls("telegram", chat)).slice(1);
    expect(delivered.map((c) => c.method)).toEqual(["sendMessage", "sendMessage", "sendDocument", "sendMessage"]);
    expect(delivered.map(topicOf)).toEqual([TOPIC, TOPIC, TOPIC, TOPIC]);

    const quizMe = (delivered.at(-1)!.body.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(quizMe.callback_data).toBe(`quiz:course:${course.id}:1`);
    const ada = { id: 4242, first_name: "Ada", username: "ada" };
    await postTelegram(inForumTopic(callbackQueryUpdate(chat, 7, quizMe.callback_data, ada), TOPIC));
    const answer = await waitFor(async () => (await platformCalls("telegram", chat)).slice(5).find((c) => c.method === "sendMessage"), "the quiz's answer");
    expect(topicOf(answer)).toBe(TOPIC);
    // The course's quiz, not "this lesson's course does not deliver here".
    expect(String(answer.body.text)).toMatch(/^Question 1 of/);
  });
});
