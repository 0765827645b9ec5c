// /v1/lessons/:key/exercises and /v1/lessons/:key/answers: a lesson's exercises (without answers),
// and answering one: graded, remembered for the learner (sessionId), and scheduled for review.
import { Hono } from "hono/tiny";
import * as z from "zod";
import { ExerciseId, submitAnswer } from "./answer-exercise";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { isLessonKey } from "../lessons/store";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, notFound } from "../http-kit/errors";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { Id, parseJson, parseNoQuery } from "../http-kit/validation";

/** Strict: a misspelt field (`sessionID`) is 400 naming it, never an answer silently kept for nobody. */
const AnswerBody = z.strictObject({
  exercise: ExerciseId,
  answer: z.string(),
  sessionId: Id.optional(),
});

export const lessonExerciseRoutes = new Hono<AppEnv>()
  .get("/:key/exercises", async (c) => {
    const key = lessonKeyParam(c.req.param("key"));
    parseNoQuery(c);
    const set = await lessonExercises(c.env.LESSONS, key, c.get("tenant"));
    if (!set) throw notFound(`lesson ${key}`);
    return c.json({ lessonKey: set.lessonKey, title: set.title, exercises: set.exercises.map(withoutKey) });
  })
  .post("/:key/answers", async (c) => {
    const lessonKey = lessonKeyParam(c.req.param("key"));
    parseNoQuery(c);
    const idempotencyKey = await idempotencyKeyOf(c);
    const body = await parseJson(c, AnswerBody);
    // A refused answer (AnswerRefused) or a failed grading (CouldNotGrade) answers its code's status (src/lib/error-codes.ts).
    const { result, replayed } = await submitAnswer(c.env, {
      lessonKey,
      exerciseId: body.exercise,
      answer: body.answer,
      ...(body.sessionId ? { learner: body.sessionId } : {}),
      tenant: c.get("tenant"),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    return c.json(result, 200, replayed ? { [REPLAYED_HEADER]: "true" } : {});
  });

function lessonKeyParam(key: string): string {
  if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
  return key;
}
