// /review of an exercise whose lesson was deleted (or saved again without it) passes it over and drops its
// review card: it is not promised again on the next /review, nor counted as due in the learner's progress.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startReview } from "../../src/learning/chat-quiz";
import { putLesson } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { uniqueId } from "../support/worker-http";

const text = (r: { messages: Array<{ text: string }> }) => r.messages.map((m) => m.text).join("\n");

describe("a review of an exercise whose lesson is gone", () => {
  it("says it is gone once, then no longer has it due", async () => {
    const key = `${uniqueId("gone")}.md`;
    await putLesson(env.LESSONS, key);
    const learnerId = uniqueId("learner");
    // Missed two days ago: due now.
    await recordAnswer(learnerId, key, "1.2", "incorrect", Date.now() - 2 * 86_400_000);
    await env.LESSONS.delete(`lessons/${key}`);
    const d = { env, learnerId, tenant: null };

    const first = await startReview(d, "en");
    expect(text(first)).toContain(`1 exercise is due for review.\nExercise 1.2 of ${key} is gone.`);
    const learner = env.LEARNERS.getByName(learnerId);
    expect((await learner.progress(null, 10)).dueReviews).toBe(0);
    expect(await learner.dueReviews(null, 20)).toEqual([]);
    expect(text(await startReview(d, "en"))).toMatch(/^Nothing is due for review right now/);
  });
});
