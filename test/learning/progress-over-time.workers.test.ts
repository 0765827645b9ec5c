// GET /v1/learners/:id/progress over time, on a fake clock: answers and accuracy per day (days without
// answers included), the reviews the FSRS schedule has due on each coming day, and all of it for some
// lessons only (a course's). The old fields stay as they were; bad query values are 400.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WEEK_DAILY, WEEK_LESSONS, WEEK_NOW, weekOfAnswers } from "../support/week-of-answers";
import { call, uniqueId } from "../support/worker-http";

async function learnerWithAWeek() {
  const id = uniqueId("week");
  const stub = env.LEARNERS.getByName(id);
  for (const { attempt, at } of weekOfAnswers()) await stub.record(null, attempt, at);
  return { id, stub };
}

describe("progress over time", () => {
  it("counts each day's answers and the reviews due on each coming day", async () => {
    const { stub } = await learnerWithAWeek();
    const progress = (await stub.progress(null, { maxWeakConcepts: 10, days: 7, ahead: 7 }, WEEK_NOW))!;
    expect(progress.daily).toEqual(WEEK_DAILY);
    expect(progress.answered).toBe(WEEK_DAILY.reduce((n, d) => n + d.answered, 0));
    expect(progress.reviewsAhead.map((d) => d.day)).toEqual(["2031-03-07", "2031-03-08", "2031-03-09", "2031-03-10", "2031-03-11", "2031-03-12", "2031-03-13"]);
    // Today's count is what is due now; the week ahead holds the rest of the cards due within it.
    expect(progress.reviewsAhead[0]!.due).toBe(progress.dueReviews);
    const cards = new Set(weekOfAnswers().map(({ attempt }) => `${attempt.lessonKey} ${attempt.exercise.id}`)).size;
    const ahead = progress.reviewsAhead.reduce((n, d) => n + d.due, 0);
    expect(ahead).toBeGreaterThan(progress.dueReviews);
    expect(ahead).toBeLessThanOrEqual(cards);
    // A longer look back keeps the old days at zero.
    const month = (await stub.progress(null, { maxWeakConcepts: 10, days: 30, ahead: 7 }, WEEK_NOW))!;
    expect(month.daily).toHaveLength(30);
    expect(month.daily.slice(0, 23).every((d) => d.answered === 0)).toBe(true);
    expect(month.daily.slice(23)).toEqual(WEEK_DAILY);
  });

  it("counts only some lessons when asked (a course's), and refuses bad query values", async () => {
    const { id, stub } = await learnerWithAWeek();
    const integrals = (await stub.progress(null, { maxWeakConcepts: 10, days: 7, ahead: 7, lessons: [WEEK_LESSONS[1]] }, WEEK_NOW))!;
    expect(integrals.byLesson.map((l) => l.lessonKey)).toEqual(["integrals.md"]);
    expect(integrals.answered).toBe(weekOfAnswers().filter((a) => a.attempt.lessonKey === "integrals.md").length);
    expect(integrals.weakConcepts.every((c) => c.lessonKey === "integrals.md")).toBe(true);

    // Over HTTP (the object's own clock: the fake week is long past, so its days are zeros).
    const res = await call(`/v1/learners/${id}/progress?days=3&ahead=2&lessons=integrals.md`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { daily: unknown[]; reviewsAhead: unknown[]; byLesson: Array<{ lessonKey: string }>; accuracy: number };
    expect(body.daily).toHaveLength(3);
    expect(body.reviewsAhead).toHaveLength(2);
    expect(body.byLesson.map((l) => l.lessonKey)).toEqual(["integrals.md"]);
    for (const bad of ["days=0", "days=1000", "ahead=x", "colour=red"]) expect((await call(`/v1/learners/${id}/progress?${bad}`)).status, bad).toBe(400);
  });
});
