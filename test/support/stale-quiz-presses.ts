// Presses on quiz buttons of a question that is no longer the open one, which both chat platforms must
// refuse (test/channels/telegram/telegram-stale-quiz-button-is-refused.workers.test.ts, and Slack's):
// an answer button of an earlier question, a Next question already followed and answered, and an old
// "quiz:B" that names no question are each told "This question is no longer open", nothing is sent to
// the chat and nothing is graded; the buttons of the open question still work.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { QuizChat } from "./chat-quiz-walk";
import { ENGLISH_CHAT_PHRASES as SAY } from "./english-phrases";

export interface StaleQuizChat<B> extends QuizChat<B> {
  /** Presses `button`; what the bot told only the person who pressed ("" when it acted on the press). */
  pressRefused(button: B): Promise<string>;
  /** A button as buttons sent before they named their question carried it ("quiz:B"). */
  oldStyle(value: string): B;
}

export async function pressStaleQuizButtons<B>(chat: StaleQuizChat<B>, quizMe: B): Promise<void> {
  await chat.press(quizMe);
  const [q1] = await chat.next();
  expect(q1!.text).toContain("Question 1 of 5 (exercise 1.1");
  await chat.press(q1!.buttons.B!);
  const [verdict1] = await chat.next();
  expect(verdict1!.text).toMatch(/^✅ Correct\./);
  await chat.press(verdict1!.buttons["Next question"]!);
  const [q2] = await chat.next();
  expect(q2!.text).toContain("Question 2 of 5 (exercise 1.2");

  // Question 1's A, pressed while question 2 is out: not graded as question 2's answer.
  expect(await chat.pressRefused(q1!.buttons.A!)).toBe(SAY.questionClosed);
  // An old button that names no question: not graded either.
  expect(await chat.pressRefused(chat.oldStyle("quiz:A"))).toBe(SAY.questionClosed);

  // Question 2's own buttons still work; the Next that led to it does nothing once it is answered.
  await chat.press(q2!.buttons.B!);
  const [verdict2] = await chat.next();
  expect(verdict2!.text).toMatch(/^✅ Correct\./);
  expect(await chat.pressRefused(verdict1!.buttons["Next question"]!)).toBe(SAY.questionClosed);
  expect(await chat.pressRefused(q2!.buttons.C!)).toBe(SAY.questionClosed);

  // The stale presses sent nothing: the next message is question 3, and only two answers are recorded.
  await chat.press(verdict2!.buttons["Next question"]!);
  const [q3] = await chat.next();
  expect(q3!.text).toContain("Question 3 of 5 (exercise 1.3");
  const progress = await env.LEARNERS.getByName(chat.learner.id).progress(chat.learner.tenant, 5);
  expect(progress).toMatchObject({ answered: 2, correct: 2 });
}
