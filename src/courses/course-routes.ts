// /v1/courses: create, list, read (with the lessons so far and the learner's progress), resume, delete.
import { Hono } from "hono/tiny";
import type { Context } from "hono";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError, notFound } from "../lib/http-error";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { pageOf, parsePage, placeOf } from "../http-kit/list-page";
import { parseId, parseJson, parseNoFields, parseNoQuery } from "../http-kit/validation";
import { unconfiguredDelivery } from "../delivery/course-delivery";
import { currentProgress } from "../learning/current-progress";
import { learnerToRead } from "../learning/learner-owner";
import { learningSettings } from "../learning/settings";
import { deckFilename } from "../lessons/deck";
import { lessonExercises } from "../lessons/exercise-store";
import { deckResponse } from "../lessons/lesson-routes";
import { CourseInput } from "./course-input";
import { CoursePatch } from "./course-patch";
import type { CourseSummary, CourseView } from "./course-registry";
import { createCourse } from "./create-course";
import { allCourseShards, shardHolding } from "./course-shards";
import { courseSettings } from "./settings";

// But for the list's page (`limit`, `after`: list-page.ts) no route here takes a query parameter: each refuses
// any (parseNoQuery) rather than create or delete as if it were not there (a `?dryRun=1` create would create).
export const courseRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    parseNoQuery(c);
    const body = await parseJson(c, CourseInput);
    // A course that could never be delivered is refused now rather than failing every day.
    const unconfigured = unconfiguredDelivery(c.env, body.deliver);
    if (unconfigured) throw badRequest("delivery_not_configured", unconfigured);
    const created = await createCourse(c.env, body, c.get("tenant"), await idempotencyKeyOf(c));
    if (!created.ok) throw HttpError.of(created);
    return c.json({ id: created.id }, 201, created.replayed ? { [REPLAYED_HEADER]: "true" } : {});
  })
  .get("/", async (c) => {
    const { limit, after } = parsePage(c, "after");
    // Each shard answers its first courses past the cursor that the caller may see, one more than the page (which
    // tells whether another follows); merged in creation order, as one registry did.
    const lists = await Promise.all(allCourseShards(c.env, courseSettings(c.env).COURSE_SHARDS).map((shard) => shard.list(c.get("tenant"), limit + 1, after)));
    const place = (course: CourseSummary) => placeOf(course.createdAt, course.id);
    const [courses, nextAfter] = pageOf(
      lists.flat().sort((a, b) => (place(a) < place(b) ? -1 : 1)),
      limit,
      place,
    );
    return c.json({ courses, nextAfter });
  })
  .get("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "course id");
    parseNoQuery(c);
    return courseAnswer(c, id, await shardHolding(c.env, id, courseSettings(c.env).COURSE_SHARDS).get(id, c.get("tenant")));
  })
  // Idempotent by nature: a repeat finds nothing stopped and answers the course as it is.
  .patch("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "course id");
    parseNoQuery(c);
    await parseJson(c, CoursePatch);
    return courseAnswer(c, id, await shardHolding(c.env, id, courseSettings(c.env).COURSE_SHARDS).resume(id, c.get("tenant")));
  })
  .get("/:id/deck", async (c) => {
    const id = parseId(c.req.param("id"), "course id");
    parseNoQuery(c);
    const course = await shardHolding(c.env, id, courseSettings(c.env).COURSE_SHARDS).get(id, c.get("tenant"));
    if (!course) throw notFound(`course ${id}`);
    // The course's lessons in order, one deck; a lesson since deleted is left out.
    const sets = await Promise.all(course.lessons.map((l) => lessonExercises(c.env.LESSONS, l.key, c.get("tenant"))));
    return deckResponse(
      c,
      course.topic,
      deckFilename(id),
      sets.flatMap((s) => s ?? []),
    );
  })
  .delete("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "course id");
    parseNoQuery(c);
    await parseNoFields(c);
    if (!(await shardHolding(c.env, id, courseSettings(c.env).COURSE_SHARDS).remove(id, c.get("tenant")))) throw notFound(`course ${id}`);
    return c.body(null, 204);
  });

/** A course as GET answers it, with its learner's progress; 404 when unknown (or another tenant's). */
async function courseAnswer(c: Context<AppEnv>, id: string, course: CourseView | null) {
  if (!course) throw notFound(`course ${id}`);
  // The course is its learner: the progress of the answers given to its lessons (docs/learning.md).
  const learner = await learnerToRead(c.env, c.get("tenant"), id);
  const progress = learner ? await currentProgress(c.env, id, learner.owner, learningSettings(c.env).WEAK_CONCEPTS_MAX) : null;
  return c.json({ ...course, progress });
}
