// /v1/lessons: the saved lessons in R2 the caller's tenant may see, newest first, one lesson as Markdown,
// its exercises as an Anki deck (deck.ts), and its share token (lesson-share.ts).
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { ankiDeck, deckFilename } from "./deck";
import { lessonExercises, type ExerciseSet } from "./exercise-store";
import { getLesson, isLessonKey, listLessons, type LessonSummary } from "./store";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError, notFound } from "../http-kit/errors";
import { pageOf, parsePage, placeOf } from "../http-kit/list-page";
import { parseNoFields, parseNoQuery } from "../http-kit/validation";
import { shareTokenFor } from "./lesson-share";
import { learnerPhrases } from "./learner-phrases";

// The list takes a page's `limit` and `before` (list-page.ts); the others take no query parameter, and refuse any (parseNoQuery).
export const lessonRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { limit, before } = parsePage(c, "before");
    const place = (l: LessonSummary) => placeOf(l.createdAt, l.key);
    // R2 lists by key, not by time: a page is cut from the whole listing, newest first.
    const lessons = (await listLessons(c.env.LESSONS, c.get("tenant"))).filter((l) => !before || place(l) < before);
    const [page, nextBefore] = pageOf(lessons, limit, place);
    return c.json({ lessons: page, nextBefore });
  })
  .get("/:key", async (c) => {
    const key = c.req.param("key");
    if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
    parseNoQuery(c);
    const lesson = await getLesson(c.env.LESSONS, key, c.get("tenant"));
    if (!lesson) throw notFound(`lesson ${key}`);
    return c.body(lesson.markdown, 200, { "content-type": lesson.meta.contentType ?? "text/markdown; charset=utf-8" });
  })
  // The lesson's share token (lesson-share.ts), for a link that opens it without an API key; the same one each time.
  .post("/:key/share", async (c) => {
    const key = c.req.param("key");
    if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
    parseNoQuery(c);
    await parseNoFields(c);
    const share = await shareTokenFor(c.env.LESSONS, key, c.get("tenant"));
    if (!share) throw notFound(`lesson ${key}`);
    return c.json({ key, share });
  })
  .get("/:key/deck", async (c) => {
    const key = c.req.param("key");
    if (!isLessonKey(key)) throw badRequest("invalid_id", `invalid lesson key: ${key.slice(0, 140)}`);
    parseNoQuery(c);
    const set = await lessonExercises(c.env.LESSONS, key, c.get("tenant"));
    if (!set) throw notFound(`lesson ${key}`);
    return deckResponse(c, set.title, deckFilename(key), [set]);
  });

/** A deck as a download (text/plain, UTF-8, as Anki reads it); none without a note, a file Anki refuses as empty. */
export async function deckResponse(c: Context<AppEnv>, title: string, filename: string, sets: readonly ExerciseSet[]): Promise<Response> {
  if (!sets.some((s) => s.exercises.length)) throw new HttpError("no_exercises", `${title} has no exercises to put in a deck.`);
  // A card without a key says so in its lesson's language: that phrase is read before the deck is built at once.
  const keyless = sets.flatMap((s) => s.exercises.filter((e) => !e.key));
  const noKey = new Map(await Promise.all(keyless.map(async (e) => [e.language, (await learnerPhrases(c.env.ASSETS, e.language)).noKey] as const)));
  return c.body(
    ankiDeck(title, sets, (language) => noKey.get(language)!),
    200,
    {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
    },
  );
}
