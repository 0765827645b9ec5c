// One answer ready to grade: its exercise found with its key, its learner looked up (answer-exercise.ts).
// The Learner object grades it once (learner-object.ts); an answer nobody keeps is graded at once.
import type { Env } from "../env";
import type { IdempotencyKey } from "../lib/idempotency-key";
import type { AnswerKey, Exercise } from "../lessons/exercises";
import { gradeAnswer, type GradingSession } from "./grade-answer";
import type { GradedAnswer } from "./graded-answer";

export interface AnswerTask {
  lessonKey: string;
  /** The version of the lesson the exercise was read from (its card remembers it: current-progress.ts). */
  lessonEtag?: string;
  exercise: Exercise;
  key: AnswerKey;
  answer: string;
  /** Where a model grading runs: the learner's session, as its owner. */
  grading: GradingSession;
  /** Whether the attempt is recorded for the learner; false for a tenant's answers without one, kept only by their key. */
  record: boolean;
  idempotencyKey?: IdempotencyKey;
}

export async function gradeTask(env: Env, task: AnswerTask): Promise<GradedAnswer> {
  return { exerciseId: task.exercise.id, ...(await gradeAnswer(env, task.exercise, task.key, task.answer, task.grading)) };
}

/** What makes two answers the same for a retry: the exercise and the answer's text. */
export const sameAnswerId = (task: Pick<AnswerTask, "lessonKey" | "exercise" | "answer">) => JSON.stringify([task.lessonKey, task.exercise.id, task.answer]);
