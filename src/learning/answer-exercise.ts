// Answering one exercise, the same for every channel (HTTP, Telegram, Slack, MCP): find it, then have the
// learner's Learner object grade it once, remember it and move its review card (learner-object.ts). A
// client's retry gets the first result back and nothing is graded or counted twice: the same answer
// within ANSWER_REPEAT_WINDOW_MS, one still being graded, or the same Idempotency-Key. Without a learner
// nothing is recorded; with a key the answer is still graded once, else it is simply graded.
import * as z from "zod";
import type { Env } from "../env";
import type { IdempotencyKey } from "../lib/idempotency-key";
import type { Tenant } from "../lib/tenant";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { answered, type SubmittedAnswer } from "./answer-outcome";
import { AnswerRefused } from "./answer-refused";
import { gradeTask, type AnswerTask } from "./answer-task";
import type { GradedAnswer } from "./graded-answer";
import { learnerStub, unrecordedAnswersId } from "./learner-object";
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
  /** The request's Idempotency-Key (HTTP): a retry with it gets the first result, with or without a learner. */
  idempotencyKey?: IdempotencyKey;
  /** A second learner that keeps the attempt, graded once (a course's answer given in a chat: that conversation's, chat-quiz.ts). */
  alsoFor?: LearnerRef;
}

/** The graded answer, and whether it is an earlier result again (the route says so in a header). */
export async function submitAnswer(env: Env, input: AnswerInput): Promise<SubmittedAnswer> {
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
  const owner = ref?.owner ?? input.tenant;
  const task: AnswerTask = {
    lessonKey: set.lessonKey,
    lessonEtag: set.lessonEtag,
    exercise: withoutKey(exercise),
    key: exercise.key,
    answer: input.answer,
    // A model grading runs in the learner's session, as its owner; without a learner, in a throwaway one.
    grading: { sessionId: ref?.id, tenant: owner },
    record: ref !== undefined,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  };
  if (!ref && !input.idempotencyKey) return { result: await gradeTask(env, task), replayed: false };
  const submitted = answered(await learnerStub(env, ref?.id ?? unrecordedAnswersId(owner)).answer(owner, task));
  const also = input.alsoFor;
  // A retry was kept there the first time.
  if (also && !submitted.replayed)
    await learnerStub(env, also.id).record(also.owner, {
      lessonKey: task.lessonKey,
      lessonEtag: task.lessonEtag,
      exercise: task.exercise,
      answer: task.answer,
      grade: submitted.result,
    });
  return submitted;
}

/** The graded answer, for the channels that show only the verdict (the chats, the MCP tool). */
export async function answerExercise(env: Env, input: AnswerInput): Promise<GradedAnswer> {
  return (await submitAnswer(env, input)).result;
}
