// The review schedule (FSRS via ts-fsrs) on a fake clock: a missed exercise comes back on its due
// day and not before; a right answer pushes it out; streaks count consecutive days.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Exercise } from "../../src/lessons/exercises";
import type { Verdict } from "../../src/learning/graded-answer";
import { uniqueId } from "../support/worker-http";

const exercise = (id: string): Exercise => ({
  id,
  chapter: 1,
  chapterTitle: "The derivative",
  type: "multiple_choice",
  question: `Question ${id}`,
  concepts: [{ term: "Derivative", meaning: "A rate of change" }],
});

const at = (iso: string) => Date.parse(iso);

function learner() {
  const stub = env.LEARNERS.getByName(uniqueId("learner"));
  const answer = (id: string, verdict: Verdict, when: string) =>
    stub.record(
      null,
      {
        lessonKey: "derivatives.md",
        exercise: exercise(id),
        answer: "x",
        grade: { exerciseId: id, verdict, score: verdict === "correct" ? 1 : 0, feedback: "-", expected: "B" },
      },
      at(when),
    );
  const due = async (when: string) => (await stub.dueReviews(null, 20, at(when)))!.map((r) => r.exercise.id);
  return { stub, answer, due };
}

describe("the review schedule", () => {
  it("brings a missed exercise back on its due day and not before; a right answer pushes it out", async () => {
    const { answer, due, stub } = learner();
    await answer("1.2", "incorrect", "2026-03-01T09:00:00Z");
    await answer("1.1", "correct", "2026-03-01T09:00:00Z");
    expect(await due("2026-03-01T09:01:00Z")).toEqual([]);
    expect(await due("2026-03-02T08:59:00Z")).toEqual([]);
    expect(await due("2026-03-02T09:00:00Z")).toEqual(["1.2"]);
    expect((await stub.progress(null, 10, at("2026-03-02T09:00:00Z")))!.dueReviews).toBe(1);

    // Answered right on its due day, it goes days away.
    await answer("1.2", "correct", "2026-03-02T09:00:00Z");
    expect(await due("2026-03-02T09:01:00Z")).toEqual([]);
    expect(await due("2026-03-03T09:00:00Z")).toEqual([]);
    const [next] = (await stub.dueReviews(null, 20, at("2027-01-01T00:00:00Z")))!;
    expect(Date.parse(next!.due)).toBeGreaterThanOrEqual(at("2026-03-04T09:00:00Z"));
  });

  it("puts a right first answer further out than a missed one", async () => {
    const { answer, stub } = learner();
    await answer("1.1", "correct", "2026-03-01T09:00:00Z");
    await answer("1.2", "partial", "2026-03-01T09:00:00Z");
    await answer("1.3", "incorrect", "2026-03-01T09:00:00Z");
    const reviews = (await stub.dueReviews(null, 20, at("2027-01-01T00:00:00Z")))!;
    const dueOf = (id: string) => Date.parse(reviews.find((r) => r.exercise.id === id)!.due);
    expect(dueOf("1.3")).toBeLessThan(dueOf("1.2"));
    expect(dueOf("1.2")).toBeLessThanOrEqual(dueOf("1.1"));
    // The longest overdue comes first.
    expect(reviews[0]!.exercise.id).toBe("1.3");
  });

  it("counts a streak of consecutive days, ending today or yesterday", async () => {
    const { answer, stub } = learner();
    await answer("1.1", "correct", "2026-03-01T22:00:00Z");
    await answer("1.2", "correct", "2026-03-02T07:00:00Z");
    await answer("1.3", "incorrect", "2026-03-03T12:00:00Z");
    expect((await stub.progress(null, 10, at("2026-03-03T20:00:00Z")))!.streakDays).toBe(3);
    expect((await stub.progress(null, 10, at("2026-03-04T20:00:00Z")))!.streakDays).toBe(3);
    expect((await stub.progress(null, 10, at("2026-03-05T20:00:00Z")))!.streakDays).toBe(0);
  });
});
