// GET /v1/shared-lessons/:key: one lesson, for whoever holds its share token (lesson-share.ts) in the
// X-Lesson-Share header: the web page opening a chat's link. Mounted before the API's bearer check, as it
// is the token that lets the reader in; a wrong token is the same 404 as no lesson.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, notFound } from "../http-kit/errors";
import { parseNoQuery } from "../http-kit/validation";
import { getSharedLesson } from "./lesson-share";
import { isLessonKey } from "./store";
import { readLesson } from "./validator";

export const SHARE_HEADER = "x-lesson-share";

export const sharedLessonRoutes = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
  parseNoQuery(c);
  const token = c.req.header(SHARE_HEADER);
  if (!token) throw badRequest("invalid_request", "The X-Lesson-Share header is required: the token after #share= in the lesson's link.");
  const lesson = await getSharedLesson(c.env.LESSONS, key, token);
  if (!lesson) throw notFound(`lesson ${key}`);
  const language = lesson.meta.contentType.startsWith("text/markdown") ? readLesson(lesson.markdown).tag : undefined;
  // Whoever holds the link reads it; no cache along the way keeps a copy for anyone else.
  return c.json({ key, title: lesson.meta.title, contentType: lesson.meta.contentType, markdown: lesson.markdown, ...(language ? { language } : {}) }, 200, {
    "cache-control": "no-store",
  });
});
