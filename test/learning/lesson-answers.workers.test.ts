// Exercises without answers, deterministic grading through the API, the learner's progress, and
// a client's retry that is neither graded nor counted twice.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const answer = (key: string, body: unknown) => call(`/v1/lessons/${key}/answers`, { method: "POST", json: body });

describe("answering a lesson's exercises", () => {
  it("lists the exercises without their answers", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const res = await call(`/v1/lessons/${key}/exercises`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { lessonKey: string; exercises: Array<Record<string, unknown>> };
    expect(body.lessonKey).toBe(key);
    expect(body.exercises.map((e) => e.id)).toEqual(["1.1", "1.2", "1.3", "1.4", "1.5"]);
    expect(body.exercises[0]).toMatchObject({ type: "multiple_choice", question: "What does the derivative measure?", options: [{ letter: "A" }, {}, {}, {}] });
    const text = JSON.stringify(body);
    expect(text).not.toContain("Accepted");
    expect(text).not.toContain("5x^4");
    expect(text).not.toContain("Multiply by 5");
    // Parsed once, stored beside the lesson.
    expect(await env.LESSONS.head(`exercises/${key}.json`)).not.toBeNull();
  });

  it("re-reads the exercises when the lesson is saved again", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    await call(`/v1/lessons/${key}/exercises`);
    await putLesson(env.LESSONS, key, QUIZ_LESSON.replace("What does the derivative measure?", "What does a derivative tell us?"));
    const body = (await (await call(`/v1/lessons/${key}/exercises`)).json()) as { exercises: Array<{ question: string }> };
    expect(body.exercises[0]!.question).toBe("What does a derivative tell us?");
  });

  it("grades multiple choice and fill-in from the key, remembers attempts and reports progress", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const right = await answer(key, { exercise: "1.1", answer: "ｂ", sessionId: learner });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({
      exerciseId: "1.1",
      verdict: "correct",
      score: 1,
      feedback: "Correct. The derivative is the instantaneous rate of change.",
      expected: "B. The instantaneous rate of change",
    });
    expect(await (await answer(key, { exercise: "1.2", answer: "D", sessionId: learner })).json()).toMatchObject({ verdict: "incorrect", score: 0 });
    expect(await (await answer(key, { exercise: "1.3", answer: "5 x⁴", sessionId: learner })).json()).toMatchObject({ verdict: "correct" });

    const progress = (await (await call(`/v1/learners/${learner}/progress`)).json()) as Record<string, unknown>;
    expect(progress).toMatchObject({ answered: 3, correct: 2, accuracy: 0.667, streakDays: 1, dueReviews: 0 });
    expect(progress.byLesson).toEqual([expect.objectContaining({ lessonKey: key, answered: 3, correct: 2, exercises: 3 })]);
    // The missed 1.2 names two concepts of its chapter's Key Concepts table (not the Power rule).
    expect(progress.weakConcepts).toEqual([
      { term: "Derivative", meaning: "The instantaneous rate of change of a function", lessonKey: key, misses: 1 },
      { term: "Tangent line", meaning: "The line that touches a curve at one point with the same slope", lessonKey: key, misses: 1 },
    ]);
  });

  it("answers a client's retry with the first result and counts it once", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const first = await (await answer(key, { exercise: "1.2", answer: "A", sessionId: learner })).json();
    const again = await (await answer(key, { exercise: "1.2", answer: "A", sessionId: learner })).json();
    expect(again).toEqual(first);
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 1 });
    // A different answer is a new attempt.
    await answer(key, { exercise: "1.2", answer: "B", sessionId: learner });
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 2, correct: 1 });
  });

  it("refuses bad answers with clear 4xx errors", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const cases: Array<[string, unknown, number, string]> = [
      [key, { exercise: "9.9", answer: "B" }, 404, "not_found"],
      [key, { exercise: "one", answer: "B" }, 400, "invalid_request"],
      [key, { exercise: "1.1" }, 400, "invalid_request"],
      [key, { exercise: "1.1", answer: "   " }, 400, "empty_answer"],
      [key, { exercise: "1.1", answer: "B".repeat(5000) }, 400, "answer_too_long"],
      [key, { exercise: "1.1", answer: "B", sessionId: "bad id!" }, 400, "invalid_request"],
      ["never-saved.md", { exercise: "1.1", answer: "B" }, 404, "not_found"],
      ["..%2Fsecret", { exercise: "1.1", answer: "B" }, 400, "invalid_id"],
    ];
    for (const [k, body, status, code] of cases) {
      const res = await answer(k, body);
      expect([k, body, res.status]).toEqual([k, body, status]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect((await call(`/v1/lessons/never-saved.md/exercises`)).status).toBe(404);
    expect((await call(`/v1/learners/bad%20id/progress`)).status).toBe(400);
  });
});
