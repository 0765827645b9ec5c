// /v1/lessons/:key/exercises and /v1/lessons/:key/answers: a lesson's exercises (without answers),
// and answering one: graded, remembered for the learner (sessionId), and scheduled for review.
import { Hono } from "hono";
import * as z from "zod";
import { answerExercise, ExerciseId } from "./answer-exercise";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { isLessonKey } from "../lessons/store";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, notFound } from "../http-kit/errors";
import { Id, parseJson } from "../http-kit/validation";

const AnswerBody = z.object({
  exercise: ExerciseId,
  answer: z.string(),
  sessionId: Id.optional(),
});

export const lessonExerciseRoutes = new Hono<AppEnv>()
  .get("/:key/exercises", async (c) => {
    const key = lessonKeyParam(c.req.param("key"));
    const set = await lessonExercises(c.env.LESSONS, key, c.get("tenant"));
    if (!set) throw notFound(`lesson ${key}`);
    return c.json({ lessonKey: set.lessonKey, title: set.title, exercises: set.exercises.map(withoutKey) });
  })
  .post("/:key/answers", async (c) => {
    const lessonKey = lessonKeyParam(c.req.param("key"));
    const body = await parseJson(c, AnswerBody);
    // A refused answer (AnswerRefused) or a failed grading (CouldNotGrade) answers its code's status (src/lib/error-codes.ts).
    return c.json(
      await answerExercise(c.env, {
        lessonKey,
        exerciseId: body.exercise,
        answer: body.answer,
        ...(body.sessionId ? { learner: body.sessionId } : {}),
        tenant: c.get("tenant"),
      }),
    );
  });

function lessonKeyParam(key: string): string {
  if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
  return key;
}
