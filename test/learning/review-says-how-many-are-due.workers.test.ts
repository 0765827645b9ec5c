// /review says how many exercises are due in all, the number /progress says, even when one review asks
// only the first RECAP_MAX_REVIEWS × 5 of them (the longest overdue).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startReview } from "../../src/learning/chat-quiz";
import { putLesson } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { uniqueId } from "../support/worker-http";

describe("/review with more due than one review asks", () => {
  it("says the learner's whole count of due exercises", async () => {
    // 21 exercises the lessons have (five lessons of five): a review reads each in its lesson.
    const keys = Array.from({ length: 5 }, () => `${uniqueId("many")}.md`);
    for (const key of keys) await putLesson(env.LESSONS, key);
    const learnerId = uniqueId("learner");
    const missedAt = Date.now() - 2 * 86_400_000;
    for (let i = 0; i < 21; i++) await recordAnswer(learnerId, keys[i % 5]!, `1.${1 + Math.floor(i / 5)}`, "incorrect", missedAt + i);
    expect((await env.LEARNERS.getByName(learnerId).progress(null, 10)).dueReviews).toBe(21);
    const review = await startReview({ env, learnerId, tenant: null }, "en");
    expect(review.messages[0]!.text).toBe("21 exercises are due for review.");
    expect(review.state!.items).toHaveLength(20);
  });
});
