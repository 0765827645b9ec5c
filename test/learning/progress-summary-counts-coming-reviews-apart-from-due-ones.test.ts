// /progress's reviews line: the reviews "in the coming days" are those still to come, not those due now again
// (reviewsAhead's first day holds the overdue ones too; Chinese says "还有", another N, and so it counted them twice).
import { describe, expect, it } from "vitest";
import learner from "../../public/i18n/learner-phrases.json";
import type { Progress } from "../../src/learning/learner-store";
import { progressSummary } from "../../src/learning/progress-summary";
import { ENGLISH_PHRASES } from "../support/english-phrases";

const progress: Progress = {
  answered: 4,
  correct: 1,
  accuracy: 0.25,
  streakDays: 1,
  dueReviews: 3,
  byLesson: [],
  weakConcepts: [],
  daily: [{ day: "2026-03-01", answered: 4, correct: 1 }],
  // Three overdue and due today, one due in two days.
  reviewsAhead: ["01", "02", "03", "04", "05", "06", "07"].map((d, i) => ({ day: `2026-03-${d}`, due: i === 0 ? 3 : i === 2 ? 1 : 0 })),
};

describe("the reviews line of /progress", () => {
  it("says the reviews due now and, apart from them, those still to come", () => {
    expect(progressSummary(progress, ENGLISH_PHRASES)).toContain("Reviews: 3 due now, 1 in the coming 7 days");
    expect(progressSummary(progress, learner.zh)).toContain("现在有 3 个待复习，未来 7 天内还有 1 个");
  });
});
