// A client's retry of POST /v1/lessons/:key/answers that arrives while the first request is still being
// graded by the (slow) model waits for that grading: one model call, one attempt, the same verdict for
// both, the retry marked idempotent-replayed. The same with an Idempotency-Key and no sessionId, where
// nothing is recorded; that key then answers from memory, and refuses another body (422).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { waitFor } from "../support/wait-for";
import { call, uniqueId } from "../support/worker-http";

const answer = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/v1/lessons/${key}/answers`, { method: "POST", json: body, headers });
/** The grade tool's verdict, after long enough for a client to give up and retry. */
const slowGrade = { delayMs: 1500, toolCalls: [{ name: "grade", args: { verdict: "partial", score: 0.5, feedback: "Half of it." } }] };

/** Sends `first`, and `retry` once the first is being graded (its model call has arrived). */
async function retryWhileGrading(s: string, first: () => Promise<Response>, retry: () => Promise<Response>) {
  const firstDone = first();
  await waitFor(async () => (await requests(s)).requests.length > 0, "the first grading's model call");
  const [a, b] = await Promise.all([firstDone, retry()]);
  return [a, b] as const;
}

describe("a retry while the answer is being graded", () => {
  it("waits for the first grading: graded once, counted once", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [slowGrade]);
    const body = { exercise: "1.4", answer: `${marker} Because one x is removed.`, sessionId: learner };
    const [first, retry] = await retryWhileGrading(
      s,
      () => answer(key, body),
      () => answer(key, body),
    );

    expect([first.status, retry.status]).toEqual([200, 200]);
    const result = await first.json();
    expect(result).toMatchObject({ exerciseId: "1.4", verdict: "partial", score: 0.5 });
    expect(await retry.json()).toEqual(result);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(s)).requests).toHaveLength(1);
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 1 });
    // One review card, moved once: one grading run in the learner's session.
    const session = (await (await call(`/v1/sessions/${learner}`)).json()) as { runs: unknown[] };
    expect(session.runs).toHaveLength(1);
  });

  it("without sessionId, an Idempotency-Key keeps the retry to one grading, and refuses another body", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [slowGrade]);
    const body = { exercise: "1.4", answer: `${marker} Because one x is removed.` };
    const idempotency = { "idempotency-key": uniqueId("answer-key") };
    const [first, retry] = await retryWhileGrading(
      s,
      () => answer(key, body, idempotency),
      () => answer(key, body, idempotency),
    );

    expect([first.status, retry.status]).toEqual([200, 200]);
    const result = await first.json();
    expect(result).toMatchObject({ verdict: "partial" });
    expect(await retry.json()).toEqual(result);
    // Later the key answers from memory, still without a grading; with another body it is refused.
    const later = await answer(key, body, idempotency);
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(await later.json()).toEqual(result);
    expect((await requests(s)).requests).toHaveLength(1);
    const reused = await answer(key, { ...body, answer: "something else" }, idempotency);
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_reused");
  });
});
