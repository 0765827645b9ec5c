// GET /v1/learners/:id/progress counts the due reviews the reviews list would give: a card whose exercise
// its lesson lost when it was saved again is not counted, without a reviews list, /review, a quiz or a Recap
// meeting it first. An unchanged lesson costs one HEAD and no read, however often the page asks.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentProgress, LESSON_READS_PER_REPORT } from "../../src/learning/current-progress";
import type { Env } from "../../src/env";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { call, uniqueId } from "../support/worker-http";

const DAY = 86_400_000;
/** The lesson saved again without exercise 1.2 (its question and its Answer Key entry). */
const WITHOUT_1_2 = QUIZ_LESSON.replace(/#### Exercise 1\.2 [\s\S]*?(?=#### Exercise 1\.3)/, "").replace(
  /### Exercise 1\.2\n[\s\S]*?(?=### Exercise 1\.3)/,
  "",
);

const get = async <T>(path: string): Promise<T> => {
  const res = await call(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe("progress's dueReviews", () => {
  it("does not count an exercise its lesson lost when it was saved again, as the reviews list does not list it", async () => {
    expect(WITHOUT_1_2).not.toContain("1.2");
    const key = `${uniqueId("resaved")}.md`;
    await putLesson(env.LESSONS, key);
    const learnerId = uniqueId("learner");
    // 1.2 and 1.3 missed two days ago: both due now.
    await recordAnswer(learnerId, key, "1.2", "incorrect", Date.now() - 2 * DAY);
    await recordAnswer(learnerId, key, "1.3", "incorrect", Date.now() - 2 * DAY + 1);
    expect((await get<{ dueReviews: number }>(`/v1/learners/${learnerId}/progress`)).dueReviews).toBe(2);

    await putLesson(env.LESSONS, key, WITHOUT_1_2);
    // Progress first, before anything else reads the reviews.
    const progress = await get<{ dueReviews: number; reviewsAhead: Array<{ due: number }> }>(`/v1/learners/${learnerId}/progress`);
    const { reviews } = await get<{ reviews: Array<{ exercise: { id: string } }> }>(`/v1/learners/${learnerId}/reviews`);
    expect(reviews.map((r) => r.exercise.id)).toEqual(["1.3"]);
    expect(progress.dueReviews).toBe(reviews.length);
    expect(progress.reviewsAhead[0]!.due).toBe(1);
    // A course's page asks for its lessons: the same count.
    expect((await get<{ dueReviews: number }>(`/v1/learners/${learnerId}/progress?lessons=${key}`)).dueReviews).toBe(1);
  });

  it("reads an unchanged lesson's exercises once: after that, one HEAD per lesson and no read", async () => {
    const keys = [`${uniqueId("day-1")}.md`, `${uniqueId("day-2")}.md`];
    const learnerId = uniqueId("learner");
    for (const key of keys) {
      await putLesson(env.LESSONS, key);
      await recordAnswer(learnerId, key, "1.1", "incorrect", Date.now() - 2 * DAY);
    }
    const calls: string[] = [];
    const counted = new Proxy(env.LESSONS, {
      get: (bucket, name: string) => {
        const value = Reflect.get(bucket, name) as unknown;
        return typeof value === "function" ? (...args: unknown[]) => (calls.push(name), value.apply(bucket, args)) : value;
      },
    });
    const countedEnv = { ...env, LESSONS: counted } as Env;
    expect((await currentProgress(countedEnv, learnerId, null, 10)).dueReviews).toBe(2);
    expect(calls.filter((c) => c === "get").length).toBeGreaterThan(0);
    calls.length = 0;
    expect((await currentProgress(countedEnv, learnerId, null, 10)).dueReviews).toBe(2);
    expect(calls).toEqual(["head", "head"]);
  });

  it("reads at most LESSON_READS_PER_REPORT lessons in one report (a request's subrequests are counted), the rest in the next", async () => {
    const learnerId = uniqueId("learner");
    const keys = Array.from({ length: LESSON_READS_PER_REPORT + 1 }, (_, i) => `${uniqueId(`gone-${i}`)}.md`);
    await Promise.all(keys.map((key) => recordAnswer(learnerId, key, "1.1", "incorrect", Date.now() - 2 * DAY)));
    // None of the lessons exists: each read drops its card.
    expect((await currentProgress(env, learnerId, null, 10)).dueReviews).toBe(1);
    expect((await currentProgress(env, learnerId, null, 10)).dueReviews).toBe(0);
  });
});
