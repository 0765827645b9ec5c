// Answering one exercise, the same for every channel (HTTP, Telegram, Slack): find it, grade it,
// remember it for the learner and move its review card. A learner's retry of the same answer within
// ANSWER_REPEAT_WINDOW_MS gets its first result back: nothing is graded or counted twice.
import * as z from "zod";
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { AnswerRefused } from "./answer-refused";
import { gradeAnswer } from "./grade-answer";
import type { GradedAnswer } from "./graded-answer";
import { learnerStub } from "./learner-object";
import { learnerForAnswer, type LearnerRef } from "./learner-owner";
import { learningSettings } from "./settings";

/** An exercise's id as its heading names it: "N.K". */
export const ExerciseId = z.string().regex(/^\d{1,3}\.\d{1,3}$/, 'an exercise id is "N.K", e.g. "1.3"');

export interface AnswerInput {
  lessonKey: string;
  exerciseId: string;
  answer: string;
  /**
   * Whose answer it is; without one the answer is graded but not remembered. An id the caller names (a
   * session or course id: HTTP, MCP) belongs to its session's tenant (learner-owner.ts); a chat passes
   * its learner with the owner it knows.
   */
  learner?: string | LearnerRef;
  /** Who answers: another tenant's lesson or learner is not found. */
  tenant: Tenant;
}

export async function answerExercise(env: Env, input: AnswerInput): Promise<GradedAnswer> {
  const config = learningSettings(env);
  if (input.answer.length > config.ANSWER_MAX_CHARS)
    throw new AnswerRefused("answer_too_long", `The answer is longer than ANSWER_MAX_CHARS (${config.ANSWER_MAX_CHARS}).`);
  if (input.answer.trim() === "") throw new AnswerRefused("empty_answer", "The answer is empty.");
  const set = await lessonExercises(env.LESSONS, input.lessonKey, input.tenant);
  if (!set) throw new AnswerRefused("lesson_not_found", `lesson ${input.lessonKey} not found`);
  const exercise = set.exercises.find((e) => e.id === input.exerciseId);
  if (!exercise) throw new AnswerRefused("exercise_not_found", `exercise ${input.exerciseId} of lesson ${set.lessonKey} not found`);
  if (!exercise.key) throw new AnswerRefused("no_answer_key", `The lesson's Answer Key has no entry for exercise ${exercise.id}, so it cannot be graded.`);
  // Whose learner it is is settled before anything is graded or recorded.
  const ref = typeof input.learner === "string" ? await learnerForAnswer(env, input.tenant, input.learner) : input.learner;
  if (ref === null) throw new AnswerRefused("learner_not_found", `learner ${String(input.learner)} not found`);
  const learner = ref ? learnerStub(env, ref.id) : undefined;
  const owner = ref?.owner ?? input.tenant;
  const repeated = await learner?.repeated(owner, set.lessonKey, exercise.id, input.answer, config.ANSWER_REPEAT_WINDOW_MS);
  if (repeated) return repeated;
  // A model grading runs in the learner's session, as its owner; without a learner, in a throwaway one.
  const grade = await gradeAnswer(env, withoutKey(exercise), exercise.key, input.answer, { sessionId: ref?.id, tenant: owner });
  const result: GradedAnswer = { exerciseId: exercise.id, ...grade };
  await learner?.record(owner, { lessonKey: set.lessonKey, exercise: withoutKey(exercise), answer: input.answer, grade: result });
  return result;
}
