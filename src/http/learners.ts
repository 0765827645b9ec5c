// /v1/learners/:id: what a learner (a session, chat or course id) has answered, and what is due.
import { Hono } from "hono";
import * as z from "zod";
import { learnerStub } from "../learning/learner-object";
import type { AppEnv } from "./app-env";
import { parseId, parseQuery } from "./validation";

const ReviewQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const learnerRoutes = new Hono<AppEnv>()
  .get("/:id/progress", async (c) => {
    const id = parseId(c.req.param("id"), "learner id");
    return c.json(await learnerStub(c.env, id).progress(c.get("config").WEAK_CONCEPTS_MAX));
  })
  .get("/:id/reviews", async (c) => {
    const id = parseId(c.req.param("id"), "learner id");
    const { limit } = parseQuery(c, ReviewQuery);
    return c.json({ reviews: await learnerStub(c.env, id).dueReviews(limit) });
  });
