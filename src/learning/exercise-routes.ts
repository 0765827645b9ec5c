// /v1/lessons/:key/exercises and /v1/lessons/:key/answers: a lesson's exercises (without answers),
// and answering one: graded, remembered for the learner (sessionId), and scheduled for review.
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import { AnswerRefused, answerExercise, ExerciseId } from "./answer-exercise";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { CouldNotGrade } from "./grade-answer";
import { isLessonKey } from "../lessons/store";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError, notFound } from "../http-kit/errors";
import { Id, parseJson } from "../http-kit/validation";

const AnswerBody = z.object({
  exercise: ExerciseId,
  answer: z.string(),
  sessionId: Id.optional(),
});

const REFUSAL_STATUS: Record<AnswerRefused["code"], ContentfulStatusCode> = {
  lesson_not_found: 404,
  exercise_not_found: 404,
  learner_not_found: 404,
  no_answer_key: 409,
  answer_too_long: 400,
  empty_answer: 400,
};

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
    try {
      return c.json(
        await answerExercise(c.env, c.get("config"), {
          lessonKey,
          exerciseId: body.exercise,
          answer: body.answer,
          ...(body.sessionId ? { learner: body.sessionId } : {}),
          tenant: c.get("tenant"),
        }),
      );
    } catch (e) {
      if (e instanceof AnswerRefused) throw new HttpError(REFUSAL_STATUS[e.code], e.code.endsWith("not_found") ? "not_found" : e.code, e.message);
      if (e instanceof CouldNotGrade) throw new HttpError(502, "could_not_grade", e.message);
      throw e;
    }
  });

function lessonKeyParam(key: string): string {
  if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
  return key;
}
