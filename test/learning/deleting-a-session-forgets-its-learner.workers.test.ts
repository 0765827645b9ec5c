// DELETE /v1/sessions/:id says everything of the session is gone, and a session is its own learner: its
// answers, review cards and weak concepts stayed readable at /v1/learners/:id/progress, and came back when
// the same id was created again. They go with the session now.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const progress = async (id: string) => (await (await call(`/v1/learners/${id}/progress`)).json()) as { answered: number; dueReviews: number };

describe("deleting a session", () => {
  it("forgets its learner's answers, and a new life of the id starts empty", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const id = uniqueId("learner");
    const answered = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise: "1.1", answer: "A", sessionId: id } });
    expect(answered.status).toBe(200);
    expect(await progress(id)).toMatchObject({ answered: 1 });

    expect((await call(`/v1/sessions/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await progress(id)).toMatchObject({ answered: 0, dueReviews: 0 });
    expect((await call("/v1/sessions", { method: "POST", json: { id } })).status).toBe(201);
    expect(await progress(id)).toMatchObject({ answered: 0, dueReviews: 0 });
    // The same answer again is graded and counted anew, not a replay of the first life's.
    const again = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise: "1.1", answer: "A", sessionId: id } });
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await progress(id)).toMatchObject({ answered: 1 });
  });
});
