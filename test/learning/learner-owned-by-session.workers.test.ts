// The Learner object holds answers for one owner, the tenant its session (or course, or chat) belongs
// to. Rows another tenant left (recorded before owners were checked, as the takeover did, or in
// an earlier life of the session id under another tenant) are dropped the first time the owner uses the
// learner: the owner is neither locked out nor shown the other tenant's answers. A learner whose
// session is gone stays with the tenant its answers were recorded for: another tenant's answer is 404.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import type { Exercise } from "../../src/lessons/exercises";
import { putLesson } from "../support/quiz-lesson";
import { TWO_TENANTS } from "../support/tenant-client";
import { uniqueId } from "../support/worker-http";

const exercise: Exercise = { id: "1.1", chapter: 1, chapterTitle: "The derivative", type: "multiple_choice", question: "What?", concepts: [] };
const attempt = (answer: string) => ({
  lessonKey: "derivatives.md",
  exercise,
  answer,
  grade: { exerciseId: "1.1", verdict: "correct" as const, score: 1, feedback: "-", expected: "B" },
});

describe("a learner's owner", () => {
  it("is the tenant it is used for; what another tenant recorded there is dropped, not shown", async () => {
    const learner = env.LEARNERS.getByName(uniqueId("learner"));
    // As the takeover left it: globex's answer under acme's learner.
    await learner.record("globex", attempt("B"));
    expect(await learner.owner()).toBe("globex");

    // acme, the owner of the session, reads it: nothing of globex's.
    expect(await learner.progress("acme", 5)).toMatchObject({ answered: 0, byLesson: [] });
    expect(await learner.dueReviews("acme", 10, Date.now() + 365 * 86_400_000)).toEqual([]);
    await learner.record("acme", attempt("b"));
    expect(await learner.owner()).toBe("acme");
    expect(await learner.progress("acme", 5)).toMatchObject({ answered: 1 });
    // Its retry is answered from the owner's record, not graded again.
    const retry = {
      lessonKey: "derivatives.md",
      exercise,
      key: { answer: "B", accepted: [], explanation: "" },
      answer: "b",
      grading: { tenant: "acme" },
      record: true,
    };
    expect(await learner.answer("acme", retry)).toMatchObject({ ok: true, replayed: true, result: { verdict: "correct" } });
  });

  it("keeps the owner's answers across its uses; the admin's learner is the admin's", async () => {
    const learner = env.LEARNERS.getByName(uniqueId("learner"));
    await learner.record(null, attempt("B"));
    await learner.record(null, attempt("A"));
    expect(await learner.progress(null, 5)).toMatchObject({ answered: 2 });
    expect(await learner.owner()).toBeNull();
  });

  it("without a session, stays with the tenant its answers were recorded for: another tenant's answer is 404", async () => {
    const app = createApp();
    const tenantEnv = { ...env, ...TWO_TENANTS.vars() };
    const answer = (key: string, lesson: string, sessionId: string) =>
      app.fetch(
        new Request(`https://agent.example.com/v1/lessons/${lesson}/answers`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ exercise: "1.1", answer: "B", sessionId }),
        }),
        tenantEnv,
        createExecutionContext(),
      );
    const lessons = { acme: `${uniqueId("acme-quiz")}.md`, globex: `${uniqueId("globex-quiz")}.md` };
    await putLesson(env.LESSONS, lessons.acme, undefined, "acme");
    await putLesson(env.LESSONS, lessons.globex, undefined, "globex");
    // acme's answers under an id with no session (its session deleted, or recorded before learners had sessions).
    const id = uniqueId("learner");
    await env.LEARNERS.getByName(id).record("acme", attempt("A"));

    expect((await answer(TWO_TENANTS.globex, lessons.globex, id)).status).toBe(404);
    expect(await env.SESSIONS.getByName(id).exists()).toBe(false);
    expect((await answer(TWO_TENANTS.acme, lessons.acme, id)).status).toBe(200);
    expect(await env.LEARNERS.getByName(id).progress("acme", 5)).toMatchObject({ answered: 2 });
    expect(await env.SESSIONS.getByName(id).tenant()).toBe("acme");
  });
});
