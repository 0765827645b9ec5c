// The limits of GET /v1/learners/:id/reviews and /progress are named settings, not numbers in the route:
// REVIEWS_MAX (100) bounds `limit`, PROGRESS_AHEAD_MAX_DAYS (60) bounds `ahead`, and an operator's own
// value holds; `days` stays at most 366 (a year back, one entry a day).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { fromThisMachine, uniqueId } from "../support/worker-http";

describe("the learner routes' limits", () => {
  it("takes the reviews' and days-ahead limits from the settings", async () => {
    const id = uniqueId("learner");
    const get = (path: string, vars: Record<string, string>) =>
      createApp().fetch(fromThisMachine(new Request(`http://localhost/v1/learners/${id}${path}`)), { ...env, ...vars }, createExecutionContext());
    expect((await get("/reviews?limit=100", {})).status).toBe(200);
    expect((await get("/reviews?limit=101", {})).status).toBe(400);
    expect((await get("/reviews?limit=6", { REVIEWS_MAX: "5" })).status).toBe(400);
    expect((await get("/reviews", { REVIEWS_MAX: "5" })).status).toBe(200);
    expect((await get("/progress?ahead=60&days=366", {})).status).toBe(200);
    expect((await get("/progress?ahead=61", {})).status).toBe(400);
    expect((await get("/progress?days=367", {})).status).toBe(400);
    const ahead = await get("/progress?ahead=90", { PROGRESS_AHEAD_MAX_DAYS: "90" });
    expect(ahead.status).toBe(200);
    expect(((await ahead.json()) as { reviewsAhead: unknown[] }).reviewsAhead).toHaveLength(90);
  });
});
