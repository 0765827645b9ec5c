// /v1/learners/:id: what a learner (a session, chat or course id) has answered, and what is due; a
// learner whose session the caller cannot reach is not found (learner-owner.ts). The query is checked
// before the learner is looked up (validation before existence), and any parameter not listed is 400.
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import * as z from "zod";
import { currentProgress } from "./current-progress";
import { currentReviews } from "./current-reviews";
import { learnerToRead, type LearnerRef } from "./learner-owner";
import { PROGRESS_DAYS } from "./learner-store";
import type { AppEnv } from "../http-kit/app-env";
import { notFound } from "../http-kit/errors";
import { parseId, parseQuery } from "../http-kit/validation";
import { learningSettings } from "./settings";

/** A year back, a leap year's day included: one `daily` entry per day, and a course runs a year at most. */
const PROGRESS_DAYS_MAX = 366;

type Limits = ReturnType<typeof learningSettings>;

const reviewQuery = (limits: Limits) =>
  z.strictObject({ limit: z.coerce.number().int().min(1).max(limits.REVIEWS_MAX).default(Math.min(20, limits.REVIEWS_MAX)) });

/** How far back and ahead the report looks, and optionally which lessons (a course's) it counts. */
const progressQuery = (limits: Limits) =>
  z.strictObject({
    days: z.coerce.number().int().min(1).max(PROGRESS_DAYS_MAX).default(PROGRESS_DAYS.days),
    ahead: z.coerce.number().int().min(1).max(limits.PROGRESS_AHEAD_MAX_DAYS).default(Math.min(PROGRESS_DAYS.ahead, limits.PROGRESS_AHEAD_MAX_DAYS)),
    lessons: z
      .string()
      .transform((s) => s.split(",").filter(Boolean))
      .pipe(
        z
          .array(
            z
              .string()
              .max(
                limits.PROGRESS_LESSON_KEY_MAX_CHARS,
                `a lesson key has at most PROGRESS_LESSON_KEY_MAX_CHARS (${limits.PROGRESS_LESSON_KEY_MAX_CHARS}) characters`,
              ),
          )
          .max(limits.PROGRESS_LESSONS_MAX, `at most PROGRESS_LESSONS_MAX (${limits.PROGRESS_LESSONS_MAX}) lesson keys`),
      )
      .optional(),
  });

export const learnerRoutes = new Hono<AppEnv>()
  .get("/:id/progress", async (c) => {
    const config = learningSettings(c.env);
    const { days, ahead, lessons } = parseQuery(c, progressQuery(config));
    const learner = await reachableLearner(c);
    const window = { maxWeakConcepts: config.WEAK_CONCEPTS_MAX, days, ahead, ...(lessons ? { lessons } : {}) };
    // Its cards read against their lessons as they are now, as the reviews list reads them (current-progress.ts).
    return c.json(await currentProgress(c.env, learner.id, learner.owner, window));
  })
  .get("/:id/reviews", async (c) => {
    const { limit } = parseQuery(c, reviewQuery(learningSettings(c.env)));
    const learner = await reachableLearner(c);
    // As the lessons have them now: a reworded question shows its new words, a gone exercise is not due.
    return c.json({ reviews: await currentReviews(c.env, learner.id, learner.owner, limit) });
  });

async function reachableLearner(c: Context<AppEnv>): Promise<LearnerRef> {
  const id = parseId(c.req.param("id"), "learner id");
  const learner = await learnerToRead(c.env, c.get("tenant"), id);
  if (!learner) throw notFound(`learner ${id}`);
  return learner;
}
