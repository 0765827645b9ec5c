// A learner belongs to the tenant of the session (or course) it is, checked on every answer, progress
// and review read, over HTTP and the MCP server's tool. The repro, with two tenants on the
// Worker under `wrangler dev`: globex answered one of its own lessons with acme's session id as the
// learner, became the learner's owner, and acme got 404 "learner acme-s1 not found" from then on. Now
// globex gets 404 before anything is graded or recorded, and acme's learner stays acme's. The same for
// a course's learner (its id).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYLLABUS_REPLY } from "../support/course-script";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import { ScriptedModel } from "../support/scripted-model";
import { tenantClient, TWO_TENANTS, type TenantClient } from "../support/tenant-client";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
let worker: WranglerDev;
let acme: TenantClient;
let globex: TenantClient;
const stamp = Date.now().toString(36);
const acmeSession = `acme-s1-${stamp}`;
const lessons = { acme: `acme-quiz-${stamp}.md`, globex: `globex-quiz-${stamp}.md` };

/** A run in `session` that saves the quiz lesson as `filename` (as its tenant's). */
async function saveLesson(client: TenantClient, session: string, filename: string) {
  const marker = model.script(`${session}-save`, [
    { toolCalls: [{ name: "save_document", args: { filename, title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
    { text: "Saved." },
  ]);
  const res = await client(`/v1/sessions/${session}/runs`, { json: { input: `${marker} save the lesson` } });
  expect(((await res.json()) as { status: string }).status).toBe("completed");
}

const answer = (client: TenantClient, lesson: string, sessionId: string, choice = "B") =>
  client(`/v1/lessons/${lesson}/answers`, { json: { exercise: "1.1", answer: choice, sessionId } });

const progressOf = async (client: TenantClient, learner: string) => {
  const res = await client(`/v1/learners/${learner}/progress`);
  return { status: res.status, body: (await res.json()) as { answered?: number; error?: { code: string } } };
};

beforeAll(async () => {
  await model.listen();
  worker = await startWranglerDev({ vars: { ...model.workerVars, ...TWO_TENANTS.vars() } });
  acme = tenantClient(worker.url, TWO_TENANTS.acme);
  globex = tenantClient(worker.url, TWO_TENANTS.globex);
  await saveLesson(acme, acmeSession, lessons.acme);
  await saveLesson(globex, `globex-s1-${stamp}`, lessons.globex);
}, 180_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close()]);
});

describe("a learner no other tenant can take", () => {
  it("refuses globex's answer as acme's session (404, nothing recorded); acme's answers and progress stay acme's", async () => {
    const taken = await answer(globex, lessons.globex, acmeSession);
    expect(taken.status).toBe(404);
    expect(await taken.json()).toMatchObject({ error: { code: "not_found", message: `learner ${acmeSession} not found` } });
    expect((await progressOf(globex, acmeSession)).status).toBe(404);
    expect((await globex(`/v1/learners/${acmeSession}/reviews`)).status).toBe(404);

    const own = await answer(acme, lessons.acme, acmeSession);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ verdict: "correct" });
    // One answer: globex's never counted.
    expect(await progressOf(acme, acmeSession)).toMatchObject({ status: 200, body: { answered: 1 } });
    // The admin sees it as acme's, and reading it changes nothing.
    expect(await progressOf(tenantClient(worker.url, TWO_TENANTS.adminToken), acmeSession)).toMatchObject({ status: 200, body: { answered: 1 } });
  });

  it("refuses it through the MCP server's answer_exercise too", async () => {
    const client = new Client({ name: "globex-mcp", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${worker.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TWO_TENANTS.globex}` } } }),
    );
    try {
      const result = (await client.callTool({
        name: "answer_exercise",
        arguments: { key: lessons.globex, exercise: "1.1", answer: "B", sessionId: acmeSession },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(`learner ${acmeSession} not found`);
    } finally {
      await client.close();
    }
    expect(await progressOf(acme, acmeSession)).toMatchObject({ status: 200, body: { answered: 1 } });
  });

  it("refuses globex's answer as acme's course; the course's progress counts acme's answers only", async () => {
    const marker = model.script(`course-${stamp}`, [SYLLABUS_REPLY]);
    const created = await acme("/v1/courses", { json: { topic: `${marker} Vectors`, cron: "0 8 * * *" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The course's learner is its own session, which planning creates.
    await waitFor(async () => ((await (await acme(`/v1/courses/${id}`)).json()) as { status: string }).status !== "planning" || undefined, "the syllabus");

    expect((await answer(globex, lessons.globex, id)).status).toBe(404);
    expect((await progressOf(globex, id)).status).toBe(404);
    expect((await answer(acme, lessons.acme, id, "A")).status).toBe(200);
    const course = (await (await acme(`/v1/courses/${id}`)).json()) as { progress: { answered: number; correct: number } };
    expect(course.progress).toMatchObject({ answered: 1, correct: 0 });
  });
});
