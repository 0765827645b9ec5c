// /review with nothing due says so in the person's language, and in how many days the next review falls
// due (FSRS: a first right answer 3 days on); a learner with nothing scheduled is told only that nothing is due.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startReview } from "../../src/learning/chat-quiz";
import type { Verdict } from "../../src/learning/graded-answer";
import { putLesson } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { uniqueId } from "../support/worker-http";

async function learnerWho(verdict?: Verdict) {
  const learnerId = uniqueId("learner");
  // Of a lesson that exists: a card of one that does not is dropped (src/learning/current-progress.ts), nothing to review.
  const lessonKey = `${uniqueId("l")}.md`;
  await putLesson(env.LESSONS, lessonKey);
  if (verdict) await recordAnswer(learnerId, lessonKey, "1.1", verdict);
  return (language: string) => startReview({ env, learnerId, tenant: null }, language).then((r) => r.messages.map((m) => m.text).join("\n"));
}

describe("/review with nothing due", () => {
  it("says when the next review is, in the person's language", async () => {
    const missed = await learnerWho("incorrect");
    expect(await missed("en")).toBe(
      "Nothing is due for review right now. Well done! Ask me for a lesson, or /quiz to go on.\nThe next review is due in 1 day.",
    );
    expect(await missed("es")).toMatch(/\nEl próximo repaso toca dentro de 1 día\.$/);
    expect(await (await learnerWho("correct"))("de")).toMatch(/\nBis zur nächsten Wiederholung: 3 Tage\.$/);
  });

  it("says only that nothing is due when nothing is scheduled", async () => {
    expect(await (await learnerWho())("en")).toBe("Nothing is due for review right now. Well done! Ask me for a lesson, or /quiz to go on.");
  });
});
