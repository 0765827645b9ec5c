// A chat's /progress is one report of the chat's own answers and those of the courses quizzed in it
// (merged-progress.ts): counts and days add up, a streak runs across the days either learner answered on,
// and the weak concepts are the most missed of both.
import { describe, expect, it } from "vitest";
import type { Progress, WeakConcept } from "../../src/learning/learner-store";
import { mergedProgress } from "../../src/learning/merged-progress";

const DAYS = ["2031-03-01", "2031-03-02", "2031-03-03", "2031-03-04"];

/** A report whose learner answered `perDay[i]` times on day i (half of them right), the last day today. */
function report(perDay: number[], streakDays: number, dueReviews: number, weakConcepts: WeakConcept[]): Progress {
  const answered = perDay.reduce((a, b) => a + b, 0);
  return {
    answered,
    correct: answered / 2,
    accuracy: 0.5,
    streakDays,
    dueReviews,
    byLesson: [],
    weakConcepts,
    daily: DAYS.map((day, i) => ({ day, answered: perDay[i]!, correct: perDay[i]! / 2 })),
    reviewsAhead: [
      { day: DAYS[3]!, due: dueReviews },
      { day: "2031-03-05", due: 1 },
    ],
  };
}

const weak = (term: string, misses: number): WeakConcept => ({ term, meaning: "-", lessonKey: "l.md", misses });

describe("a chat's progress over its own and its courses' answers", () => {
  it("adds the reports up into one", () => {
    const chat = report([0, 2, 0, 0], 0, 1, [weak("Limit", 1)]);
    const course = report([0, 0, 2, 4], 2, 2, [weak("Derivative", 3), weak("Chain rule", 1)]);
    const merged = mergedProgress([chat, course], 2);
    expect(merged).toMatchObject({ answered: 8, correct: 4, accuracy: 0.5, dueReviews: 3 });
    // Day 2 by the chat, days 3 and 4 by the course: three days in a row.
    expect(merged.streakDays).toBe(3);
    expect(merged.daily.map((d) => d.answered)).toEqual([0, 2, 2, 4]);
    expect(merged.reviewsAhead).toEqual([
      { day: DAYS[3], due: 3 },
      { day: "2031-03-05", due: 2 },
    ]);
    expect(merged.weakConcepts.map((c) => c.term)).toEqual(["Derivative", "Chain rule"]);
  });

  it("is the chat's own report when no course was quizzed there", () => {
    const chat = report([1, 1, 1, 1], 4, 0, []);
    expect(mergedProgress([chat], 10)).toBe(chat);
  });
});
