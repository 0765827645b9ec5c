// /v1/learners/:id: what a learner (a session, chat or course id) has answered, and what is due; a
// learner whose session the caller cannot reach is not found (learner-owner.ts).
import { Hono, type Context } from "hono";
import * as z from "zod";
import { learnerStub } from "./learner-object";
import { learnerToRead, type LearnerRef } from "./learner-owner";
import { PROGRESS_DAYS } from "./learner-store";
import type { AppEnv } from "../http-kit/app-env";
import { notFound } from "../http-kit/errors";
import { parseId, parseQuery } from "../http-kit/validation";
import { learningSettings } from "./settings";

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
    // The query is checked before the learner is looked up (validation before existence).
    const { days, ahead, lessons } = parseQuery(c, ProgressQuery);
    const learner = await reachableLearner(c);
    const window = { maxWeakConcepts: learningSettings(c.env).WEAK_CONCEPTS_MAX, days, ahead, ...(lessons ? { lessons } : {}) };
    return c.json(await learnerStub(c.env, learner.id).progress(learner.owner, window));
  })
  .get("/:id/reviews", async (c) => {
    const learner = await reachableLearner(c);
    const { limit } = parseQuery(c, ReviewQuery);
    return c.json({ reviews: await learnerStub(c.env, learner.id).dueReviews(learner.owner, limit) });
  });

async function reachableLearner(c: Context<AppEnv>): Promise<LearnerRef> {
  const id = parseId(c.req.param("id"), "learner id");
  const learner = await learnerToRead(c.env, c.get("tenant"), id);
  if (!learner) throw notFound(`learner ${id}`);
  return learner;
}
