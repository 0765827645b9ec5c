// /v1/lessons: the saved lessons in R2 the caller's tenant may see, newest first, and one lesson as Markdown.
import { Hono } from "hono";
import { getLesson, isLessonKey, listLessons } from "./store";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, notFound } from "../http-kit/errors";

export const lessonRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ lessons: await listLessons(c.env.LESSONS, c.get("tenant")) }))
  .get("/:key", async (c) => {
    const key = c.req.param("key");
    if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
    const lesson = await getLesson(c.env.LESSONS, key, c.get("tenant"));
    if (!lesson) throw notFound(`lesson ${key}`);
    return c.body(lesson.markdown, 200, { "content-type": lesson.meta.contentType ?? "text/markdown; charset=utf-8" });
  });
