// A learner's weak concepts are those of the exercise as its lesson has it now: an exercise reworded since
// it was missed (its lesson saved again, the same exercise in new words) lists its new concepts in the
// progress and in what a course's next lesson is told, not the ones of the words the learner saw.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { learnerContext } from "../../src/learning/learner-context";
import { lessonExercises } from "../../src/lessons/exercise-store";
import { withoutKey } from "../../src/lessons/exercises";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const OLD_QUESTION = "What does the derivative measure?";
const NEW_QUESTION = "What does the tangent line show?";
/** The reworded exercise's new words: its question, and its key's explanation, which names its concepts too. */
const reworded = QUIZ_LESSON.replace(OLD_QUESTION, NEW_QUESTION).replace(
  "**Explanation:** The derivative is the instantaneous rate of change.",
  "**Explanation:** Its slope is the instantaneous rate of change.",
);

const termsOf = (concepts: Array<{ term: string }>) => concepts.map((c) => c.term);

/** A learner who missed 1.1 as the lesson first had it; the lesson then saved again with 1.1 reworded. */
async function missedThenReworded() {
  const key = `${uniqueId("reworded")}.md`;
  await putLesson(env.LESSONS, key);
  const before = (await lessonExercises(env.LESSONS, key, null))!;
  const exercise = withoutKey(before.exercises.find((e) => e.id === "1.1")!);
  const learnerId = uniqueId("learner");
  const grade = { exerciseId: "1.1", verdict: "incorrect" as const, score: 0, feedback: "-", expected: "B" };
  await env.LEARNERS.getByName(learnerId).record(null, { lessonKey: key, exercise, answer: "A", grade, lessonEtag: before.lessonEtag });
  await putLesson(env.LESSONS, key, reworded);
  const after = (await lessonExercises(env.LESSONS, key, null))!.exercises.find((e) => e.id === "1.1")!;
  return { learnerId, oldTerms: termsOf(exercise.concepts), newTerms: termsOf(after.concepts) };
}

describe("weak concepts of a reworded exercise", () => {
  it("are its concepts as the lesson has it now", async () => {
    const { learnerId, oldTerms, newTerms } = await missedThenReworded();
    expect(oldTerms).toEqual(["Derivative"]);
    expect(newTerms).toEqual(["Tangent line"]);
    const progress = (await (await call(`/v1/learners/${learnerId}/progress`)).json()) as { weakConcepts: Array<{ term: string }> };
    expect(termsOf(progress.weakConcepts)).toEqual(newTerms);
  });

  it("are what a course's next lesson revisits", async () => {
    const { learnerId, newTerms } = await missedThenReworded();
    expect(termsOf((await learnerContext(env, learnerId, null, Date.now()))!.weakConcepts)).toEqual(newTerms);
  });
});
