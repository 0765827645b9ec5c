// /review of an exercise whose lesson was deleted (or saved again without it) leaves it out and drops its
// review card: it is not promised (counted in "N are due", asked, then passed over), nor counted as due
// in the learner's progress afterwards.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startReview } from "../../src/learning/chat-quiz";
import { putLesson } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { uniqueId } from "../support/worker-http";

const text = (r: { messages: Array<{ text: string }> }) => r.messages.map((m) => m.text).join("\n");

describe("a review of an exercise whose lesson is gone", () => {
  it("leaves it out of the review and no longer has it due", async () => {
    const gone = `${uniqueId("gone")}.md`;
    const kept = `${uniqueId("kept")}.md`;
    await putLesson(env.LESSONS, gone);
    await putLesson(env.LESSONS, kept);
    const learnerId = uniqueId("learner");
    // Both missed two days ago: due now, the gone one the longest overdue.
    await recordAnswer(learnerId, gone, "1.2", "incorrect", Date.now() - 2 * 86_400_000);
    await recordAnswer(learnerId, kept, "1.1", "incorrect", Date.now() - 2 * 86_400_000 + 1);
    await env.LESSONS.delete(`lessons/${gone}`);
    const d = { env, learnerId, tenant: null };

    const review = await startReview(d, "en");
    expect(text(review)).toMatch(/^1 exercise is due for review\.\nQuestion 1 of 1 \(exercise 1\.1, multiple choice\):\nWhat does the derivative measure\?/);
    expect(review.state!.items.map((i) => i.lessonKey)).toEqual([kept]);
    const learner = env.LEARNERS.getByName(learnerId);
    expect((await learner.progress(null, 10)).dueReviews).toBe(1);
    expect((await learner.dueReviews(null, 20)).map((r) => r.lessonKey)).toEqual([kept]);
  });
});
