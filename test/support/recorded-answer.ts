// An answer recorded straight into a learner's Durable Object (no grading): a review card to schedule, at a
// time of the test's choosing. The exercise is a bare short answer unless the lesson names one.
import { env } from "cloudflare:workers";
import type { Verdict } from "../../src/learning/graded-answer";

export async function recordAnswer(learnerId: string, lessonKey: string, id: string, verdict: Verdict, at = Date.now()): Promise<void> {
  const exercise = {
    id,
    chapter: Number(id.split(".")[0]),
    chapterTitle: "A chapter",
    type: "short_answer" as const,
    question: `Question ${id}`,
    concepts: [],
  };
  const grade = { exerciseId: id, verdict, score: verdict === "correct" ? 1 : 0, feedback: "-", expected: "!" };
  await env.LEARNERS.getByName(learnerId).record(null, { lessonKey, exercise, answer: "?", grade }, at);
}
