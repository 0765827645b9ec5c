// Nothing a client sends to the learning routes is silently dropped: a misspelt field of an answer
// (`sessionID`) or an unknown query parameter of /reviews is 400 naming it, before anything is graded or
// looked up (a learner the caller cannot reach is still 400 for a bad query, 404 only for a good one).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import type { Exercise } from "../../src/lessons/exercises";
import { putLesson } from "../support/quiz-lesson";
import { TWO_TENANTS } from "../support/tenant-client";
import { call, uniqueId } from "../support/worker-http";

const exercise: Exercise = { id: "1.1", chapter: 1, chapterTitle: "The derivative", type: "multiple_choice", question: "What?", concepts: [] };
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("unknown fields", () => {
  it("refuses a misspelt field of an answer, naming it, and records nothing", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const res = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise: "1.1", answer: "B", sessionID: learner } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_request", message: expect.stringContaining("sessionID") });
    expect(await env.SESSIONS.getByName(learner).exists()).toBe(false);
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 0 });
  });

  it("refuses an unknown query parameter of /reviews before it looks the learner up", async () => {
    const app = createApp();
    const tenantEnv = { ...env, ...TWO_TENANTS.vars() };
    const reviews = (id: string, query: string) =>
      app.fetch(
        new Request(`https://agent.example.com/v1/learners/${id}/reviews${query}`, { headers: { authorization: `Bearer ${TWO_TENANTS.globex}` } }),
        tenantEnv,
        createExecutionContext(),
      );
    // acme's learner: globex cannot reach it.
    const id = uniqueId("learner");
    await env.LEARNERS.getByName(id).record("acme", {
      lessonKey: "derivatives.md",
      exercise,
      answer: "A",
      grade: { exerciseId: "1.1", verdict: "incorrect", score: 0, feedback: "-", expected: "B" },
    });
    const misspelt = await reviews(id, "?limt=5");
    expect(misspelt.status).toBe(400);
    expect((await errorOf(misspelt)).message).toContain("limt");
    expect((await reviews(id, "?limit=500")).status).toBe(400);
    expect((await reviews(id, "?limit=5")).status).toBe(404);
  });
});
