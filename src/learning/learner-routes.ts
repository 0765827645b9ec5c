// /v1/learners/:id: what a learner (a session, chat or course id) has answered, and what is due.
import { Hono } from "hono";
import * as z from "zod";
import { learnerStub } from "./learner-object";
import { PROGRESS_DAYS } from "./learner-store";
import type { AppEnv } from "../http-kit/app-env";
import { notFound } from "../http-kit/errors";
import { parseId, parseQuery } from "../http-kit/validation";

const ReviewQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
/** How far back and ahead the report looks, and optionally which lessons (a course's) it counts. */
const ProgressQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(PROGRESS_DAYS.days),
  ahead: z.coerce.number().int().min(1).max(60).default(PROGRESS_DAYS.ahead),
  lessons: z
    .string()
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.string().max(200)).max(200))
    .optional(),
});

export const learnerRoutes = new Hono<AppEnv>()
  .get("/:id/progress", async (c) => {
    const id = parseId(c.req.param("id"), "learner id");
    const { days, ahead, lessons } = parseQuery(c, ProgressQuery);
    const window = { maxWeakConcepts: c.get("config").WEAK_CONCEPTS_MAX, days, ahead, ...(lessons ? { lessons } : {}) };
    const progress = await learnerStub(c.env, id).progress(c.get("tenant"), window);
    if (!progress) throw notFound(`learner ${id}`);
    return c.json(progress);
  })
  .get("/:id/reviews", async (c) => {
    const id = parseId(c.req.param("id"), "learner id");
    const { limit } = parseQuery(c, ReviewQuery);
    const reviews = await learnerStub(c.env, id).dueReviews(c.get("tenant"), limit);
    if (!reviews) throw notFound(`learner ${id}`);
    return c.json({ reviews });
  });
