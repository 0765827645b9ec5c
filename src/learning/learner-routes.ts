// /v1/learners/:id: what a learner (a session, chat or course id) has answered, and what is due.
import { Hono } from "hono";
import * as z from "zod";
import { learnerStub } from "./learner-object";
import type { AppEnv } from "../http-kit/app-env";
import { notFound } from "../http-kit/errors";
import { parseId, parseQuery } from "../http-kit/validation";
import { learningSettings } from "./settings";

const ReviewQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const learnerRoutes = new Hono<AppEnv>()
  .get("/:id/progress", async (c) => {
    const id = parseId(c.req.param("id"), "learner id");
    const progress = await learnerStub(c.env, id).progress(c.get("tenant"), learningSettings(c.env).WEAK_CONCEPTS_MAX);
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
