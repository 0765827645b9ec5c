// The quiz walk both chat platforms must pass (test/channels/telegram/telegram-quiz.workers.test.ts, slack-quiz.test.ts):
// from "Quiz me" through a right and a wrong press, a fill-in reply, a model-graded short answer,
// /quiz, the summary, and /review before and after a miss comes due. Each platform says how to read
// its bot's messages, send a reply and press a button.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { script } from "./model-control";
import { putLesson, QUIZ_LESSON } from "./quiz-lesson";
import { uniqueId } from "./worker-http";

export interface QuizMessageSeen<B> {
  text: string;
  /** label → what a press sends back */
  buttons: Record<string, B>;
}

export interface QuizChat<B> {
  /** The bot's next `n` messages. */
  next(n?: number): Promise<QuizMessageSeen<B>[]>;
  say(text: string): Promise<void>;
  press(button: B): Promise<void>;
  /** The chat's learner and its tenant. */
  learner: { id: string; tenant: string };
}

export async function walkQuiz<B>(chat: QuizChat<B>, quizMe: B): Promise<void> {
  // Multiple choice: the question with A–D buttons; a right press.
  await chat.press(quizMe);
  let [q] = await chat.next();
  expect(q!.text).toContain("Question 1 of 5 (exercise 1.1, multiple choice):");
  expect(q!.text).toContain("What does the derivative measure?\nA. The value of a function\nB. The instantaneous rate of change");
  expect(Object.keys(q!.buttons)).toEqual(["A", "B", "C", "D"]);
  await chat.press(q!.buttons.B!);
  let [verdict] = await chat.next();
  expect(verdict!.text).toBe("✅ Correct.\nThe derivative is the instantaneous rate of change.");
  expect(Object.keys(verdict!.buttons)).toEqual(["Next question"]);

  // A wrong press: the verdict says what was expected.
  await chat.press(verdict!.buttons["Next question"]!);
  [q] = await chat.next();
  expect(q!.text).toContain("Question 2 of 5 (exercise 1.2");
  await chat.press(q!.buttons.D!);
  [verdict] = await chat.next();
  expect(verdict!.text).toMatch(/^❌ Not quite\./);
  expect(verdict!.text).toContain("Expected: B. 2");

  // Fill in: answered by a reply (a variant of the key's answer), not sent to the agent.
  await chat.press(verdict!.buttons["Next question"]!);
  [q] = await chat.next();
  expect(q!.text).toContain("Question 3 of 5 (exercise 1.3, fill in):");
  expect(q!.text).toContain("Reply with your answer.");
  expect(q!.buttons).toEqual({});
  await chat.say("5x⁴");
  [verdict] = await chat.next();
  expect(verdict!.text).toMatch(/^✅ Correct\./);

  // Short answer: the model grades the reply.
  await chat.press(verdict!.buttons["Next question"]!);
  [q] = await chat.next();
  expect(q!.text).toContain("exercise 1.4, short answer");
  const grader = await script(uniqueId("quiz-grade"), [
    { toolCalls: [{ name: "grade", args: { verdict: "partial", score: 0.5, feedback: "One factor goes, yes; say why n comes in front." } }] },
    { toolCalls: [{ name: "grade", args: { verdict: "correct", score: 1, feedback: "Right, and you checked it." } }] },
  ]);
  await chat.say(`${grader} because one x goes away`);
  [verdict] = await chat.next();
  expect(verdict!.text).toContain("🟡 Partly right.\nOne factor goes, yes; say why n comes in front.");

  // /quiz goes on where the quiz is; the last answer ends it with a summary.
  await chat.say("/quiz");
  [q] = await chat.next();
  expect(q!.text).toContain("Question 5 of 5 (exercise 1.5, practice)");
  await chat.say(`${grader} 12x^2 - 2, which is 10 at x = 1`);
  const [last, summary] = await chat.next(2);
  expect(last!.text).toContain("✅ Correct.\nRight, and you checked it.");
  expect(last!.buttons).toEqual({});
  expect(summary!.text).toContain("That was the last one.");
  expect(summary!.text).toContain("So far: 3 of 5 answers right");
  expect(summary!.text).toContain("Worth another look:");
  expect(summary!.text).toContain("Tangent line");

  // /review: the missed 1.2 is due tomorrow, not now.
  await chat.say("/review");
  let [review] = await chat.next();
  expect(review!.text).toMatch(/^Nothing is due for review/);

  // An exercise of another lesson missed two days ago is due now.
  const older = `${uniqueId("older")}.md`;
  await putLesson(env.LESSONS, older, QUIZ_LESSON, chat.learner.tenant);
  const learners = env.LEARNERS;
  await learners.getByName(chat.learner.id).record(
    chat.learner.tenant,
    {
      lessonKey: older,
      exercise: { id: "1.1", chapter: 1, chapterTitle: "The derivative", type: "multiple_choice", question: "What does the derivative measure?", concepts: [] },
      answer: "A",
      grade: { exerciseId: "1.1", verdict: "incorrect", score: 0, feedback: "-", expected: "B" },
    },
    Date.now() - 2 * 86_400_000,
  );
  await chat.say("/review");
  [review, q] = await chat.next(2);
  expect(review!.text).toBe("1 exercise is due for review.");
  expect(q!.text).toContain("Question 1 of 1 (exercise 1.1, multiple choice)");
  await chat.press(q!.buttons.B!);
  const [right, end] = await chat.next(2);
  expect(right!.text).toMatch(/^✅ Correct\./);
  expect(end!.text).toContain("That was the last one of the review.");
}
