// "Quiz me" under an earlier lesson, pressed after a newer lesson arrived, quizzes on the lesson it is
// under (before, every "Quiz me" was "quiz:start" and quizzed on the last lesson sent); an old
// "quiz:start" that names no lesson is refused with why. The quiz code is the platforms' shared
// src/channels/chat-quizzes.ts, so Telegram stands for both.
import { describe, expect, it } from "vitest";
import { lessonWriter, telegramQuizChat } from "../../support/quiz-chats";
import { QUIZ_LESSON } from "../../support/quiz-lesson";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const NEWER_LESSON = QUIZ_LESSON.replace("What does the derivative measure?", "What does a derivative tell about a curve?");

describe("Quiz me under an earlier lesson on Telegram", () => {
  it("quizzes on that lesson, not the last one; an old button naming no lesson is refused", async () => {
    const chat = telegramQuizChat();
    const writer = await lessonWriter(QUIZ_LESSON, NEWER_LESSON);
    await chat.say(`${writer} teach me derivatives`);
    const [, , first] = await chat.next(3);
    await chat.say(`${writer} once more, please`);
    const [, , second] = await chat.next(3);
    expect(first!.buttons["Quiz me"]).not.toBe(second!.buttons["Quiz me"]);

    await chat.press(first!.buttons["Quiz me"]!);
    const [q] = await chat.next();
    expect(q!.text).toContain("Question 1 of 5 (exercise 1.1, multiple choice):\nWhat does the derivative measure?");

    expect(await chat.pressRefused("quiz:start")).toBe(SAY.offerGone);
  }, 60_000);
});
