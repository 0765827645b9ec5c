// A review card keeps the exercise as it was answered, but the reviews list, a course's Recap and /review
// read it as its lesson has it now: a question the lesson reworded since shows its new words, and an
// exercise the lesson no longer has is not listed as due (its card is dropped, so progress stops counting
// it) and the next due one takes its place.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { learnerContext } from "../../src/learning/learner-context";
import type { Review } from "../../src/learning/learner-store";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { call, uniqueId } from "../support/worker-http";

const DAY = 86_400_000;
const OLD_QUESTION = "By the power rule, the derivative of $x^5$ is ____ .";
const NEW_QUESTION = "By the power rule, the derivative of $x^6$ is ____ .";

/** A learner with three exercises missed two days ago, two of a lesson saved again since with 1.3 reworded, one (1.9) it never had. */
async function learnerAfterTheLessonChanged() {
  const key = `${uniqueId("reworded")}.md`;
  await putLesson(env.LESSONS, key);
  const learnerId = uniqueId("learner");
  const missed = Date.now() - 2 * DAY;
  await recordAnswer(learnerId, key, "1.9", "incorrect", missed);
  await recordAnswer(learnerId, key, "1.3", "incorrect", missed + 1);
  await recordAnswer(learnerId, key, "1.1", "incorrect", missed + 2);
  await putLesson(env.LESSONS, key, QUIZ_LESSON.replace(OLD_QUESTION, NEW_QUESTION));
  return { key, learnerId };
}

const reviewsOf = async (learnerId: string, query = "") => {
  const res = await call(`/v1/learners/${learnerId}/reviews${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reviews: Review[] }).reviews;
};

describe("due reviews", () => {
  it("list each exercise as its lesson has it now, and not one the lesson no longer has", async () => {
    const { learnerId } = await learnerAfterTheLessonChanged();
    // The first due (1.9) is gone: the one after it takes its place within the limit.
    const [first, ...rest] = await reviewsOf(learnerId, "?limit=1");
    expect(rest).toEqual([]);
    expect(first!.exercise.id).toBe("1.3");
    expect(first!.exercise.question).toBe(NEW_QUESTION);
    const all = await reviewsOf(learnerId);
    expect(all.map((r) => r.exercise.id)).toEqual(["1.3", "1.1"]);
    expect(all[1]!.exercise.question).toBe("What does the derivative measure?");
    expect(all[1]!.exercise.options).toHaveLength(4);
    expect(((await (await call(`/v1/learners/${learnerId}/progress`)).json()) as { dueReviews: number }).dueReviews).toBe(2);
  });

  it("are what a course's next lesson re-asks, in the lesson's current words", async () => {
    const { learnerId } = await learnerAfterTheLessonChanged();
    const context = await learnerContext(env, learnerId, null, Date.now());
    expect(context!.reviews.map((r) => [r.exercise.id, r.exercise.question])).toEqual([
      ["1.3", NEW_QUESTION],
      ["1.1", "What does the derivative measure?"],
    ]);
  });

  it("are not listed for a lesson deleted since", async () => {
    const { key, learnerId } = await learnerAfterTheLessonChanged();
    await env.LESSONS.delete(`lessons/${key}`);
    expect(await reviewsOf(learnerId)).toEqual([]);
  });
});
