// Tenants (API_KEYS): what one tenant's key creates is 404 to another tenant's key, on every route;
// lists hold the caller's own things only; API_TOKEN is the admin key over all tenants.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/lib/sha256-hex";
import { createApp } from "../../src/http/app";
import { SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { waitFor } from "../support/platform-control";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { uniqueId } from "../support/worker-http";

const ADMIN = "admin-token-0123456789";
const KEY_A = "acme-key-0123456789abcdef";
const KEY_B = "globex-key-0123456789abcdef";
const app = createApp();
let tenantEnv: Record<string, unknown>;

type Who = "a" | "b" | "admin";
const BEARER: Record<Who, string> = { a: KEY_A, b: KEY_B, admin: ADMIN };

async function as(who: Who, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return app.fetch(
    new Request(`https://agent.example.com${path}`, {
      method,
      headers: { authorization: `Bearer ${BEARER[who]}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    tenantEnv,
    createExecutionContext(),
  );
}
const json = async <T>(res: Response) => (await res.json()) as T;

beforeAll(async () => {
  // Tenant b's key is configured by its SHA-256 only.
  tenantEnv = {
    ...env,
    API_TOKEN: ADMIN,
    API_KEYS: JSON.stringify([
      { name: "acme app", key: KEY_A, tenant: "acme" },
      { name: "globex app", sha256: await sha256Hex(KEY_B), tenant: "globex" },
    ]),
  };
});

describe("two tenants and the admin on one deployment", () => {
  it("every route answers 404 to the other tenant, and serves the owner and the admin", async () => {
    // Tenant a's things: a session whose run saved a document, a run waiting for approval, a course.
    const session = uniqueId("acme");
    const title = `Notes ${uniqueId("t")}`;
    // One script for the session (the scripted model follows the conversation's first marker): a save, then a call that asks.
    const marker = await script(uniqueId("k"), [
      { toolCalls: [{ name: "save_document", args: { filename: "tenant notes", content: "# Notes\n\nplain", format: "txt", title } }] },
      { text: "saved" },
      { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] },
      ...Array.from({ length: 5 }, () => ({ text: "fine" })),
    ]);
    const done = await json<{ runId: string; status: string }>(await as("a", "POST", `/v1/sessions/${session}/runs`, { input: `${marker} save notes` }));
    expect(done.status).toBe("completed");
    const waiting = await json<{ runId: string; status: string; pending: Array<{ approvalId: string }> }>(
      await as("a", "POST", `/v1/sessions/${session}/runs`, { input: "ask me" }),
    );
    expect(waiting.status, JSON.stringify(waiting)).toBe("awaiting_approval");
    const lessons = await json<{ lessons: Array<{ key: string; title: string }> }>(await as("a", "GET", "/v1/lessons"));
    const lessonKey = lessons.lessons.find((l) => l.title === title)!.key;
    const planning = await script(uniqueId("k"), [SYLLABUS_REPLY]);
    const { id: course } = await json<{ id: string }>(await as("a", "POST", "/v1/courses", { topic: `${planning} Vectors` }));

    const routes: Array<[string, string, unknown?, Record<string, string>?]> = [
      ["GET", `/v1/sessions/${session}`],
      ["GET", `/v1/sessions/${session}/events`],
      ["GET", `/v1/sessions/${session}/runs/${done.runId}`],
      ["GET", `/v1/sessions/${session}/runs/${done.runId}/stream`],
      ["POST", `/v1/sessions/${session}/runs`, { input: "not into another tenant's session" }],
      ["POST", `/v1/sessions/${session}/runs/${done.runId}/cancel`],
      ["POST", `/v1/sessions/${session}/approvals/${waiting.pending[0]!.approvalId}`, { decision: "deny" }],
      ["POST", "/v1/chat/completions", { model: "study-agent", messages: [{ role: "user", content: "hi" }] }, { "x-session-id": session }],
      ["GET", `/v1/lessons/${lessonKey}`],
      ["GET", `/v1/courses/${course}`],
      ["DELETE", `/v1/courses/${course}`],
      ["DELETE", `/v1/sessions/${session}`],
    ];
    // Routes of this round whose answer to the owner depends on more than ownership: checked for b only.
    const otherRoutes: Array<[string, string, unknown?, Record<string, string>?]> = [
      ["POST", `/v1/sessions/${session}/compact`],
      ["POST", `/v1/sessions/${session}/inputs/inp_x`, { action: "decline" }],
      ["GET", `/v1/lessons/${lessonKey}/exercises`],
      ["POST", `/v1/lessons/${lessonKey}/answers`, { exercise: "1.1", answer: "A" }],
      ["POST", "/v1/responses", { model: "study-agent", input: "hi", conversation: session }],
    ];
    for (const [method, path, body, headers] of [...routes, ...otherRoutes]) {
      const res = await as("b", method, path, body, headers);
      expect(res.status, `tenant b: ${method} ${path}`).toBe(404);
    }
    // Nothing of a's leaked into b's lists, and b's attempts changed nothing.
    expect(JSON.stringify(await json(await as("b", "GET", "/v1/lessons")))).not.toContain(lessonKey);
    expect(JSON.stringify(await json(await as("b", "GET", "/v1/courses")))).not.toContain(course);
    const view = await json<{ messages: Array<{ content: string }>; runs: Array<{ runId: string; status: string }> }>(
      await as("a", "GET", `/v1/sessions/${session}`),
    );
    expect(view.runs.map((r) => r.status)).toEqual(["completed", "awaiting_approval"]);
    expect(JSON.stringify(view.messages)).not.toContain("another tenant");

    // The owner and the admin reach every route (the mutating ones last, by the admin).
    expect(JSON.stringify(await json(await as("a", "GET", "/v1/lessons")))).toContain(lessonKey);
    expect(JSON.stringify(await json(await as("admin", "GET", "/v1/lessons")))).toContain(lessonKey);
    expect(JSON.stringify(await json(await as("a", "GET", "/v1/courses")))).toContain(course);
    expect(JSON.stringify(await json(await as("admin", "GET", "/v1/courses")))).toContain(course);
    // The approval first: a newer run would withdraw it.
    const allowed = [...routes.filter(([, p]) => p.includes("/approvals/")), ...routes.filter(([, p]) => !p.includes("/approvals/"))];
    for (const [method, path, body, headers] of allowed.filter(([m]) => m !== "DELETE")) {
      for (const who of ["a", "admin"] as const) {
        if (path.includes("/approvals/") && who === "admin") continue;
        const res = await as(who, method, path, body, headers);
        expect([200, 201, 202], `${who}: ${method} ${path}`).toContain(res.status);
        await res.arrayBuffer();
      }
    }
    await waitFor(async () => (await json<{ status: string }>(await as("a", "GET", `/v1/courses/${course}`))).status !== "planning", "the syllabus");
    for (const [method, path] of allowed.filter(([m]) => m === "DELETE")) expect((await as("admin", method, path)).status, path).toBe(204);
  });

  it("a session id is one tenant's: another tenant cannot take it, the admin's things are the admin's", async () => {
    const id = uniqueId("taken");
    expect((await as("a", "POST", "/v1/sessions", { id })).status).toBe(201);
    expect((await as("b", "POST", "/v1/sessions", { id })).status).toBe(409);
    expect((await as("b", "GET", `/v1/sessions/${id}`)).status).toBe(404);
    const adminOnly = uniqueId("admins");
    expect((await as("admin", "POST", "/v1/sessions", { id: adminOnly })).status).toBe(201);
    for (const who of ["a", "b"] as const) expect((await as(who, "GET", `/v1/sessions/${adminOnly}`)).status).toBe(404);
    expect((await as("admin", "GET", `/v1/sessions/${id}`)).status).toBe(200);
  });

  it("a key is refused when it is not exactly one of API_KEYS (a hash is not a key)", async () => {
    for (const bearer of [KEY_A.slice(0, -1), `${KEY_B}x`, await sha256Hex(KEY_B), "acme"]) {
      const res = await app.fetch(
        new Request("https://agent.example.com/v1/lessons", { headers: { authorization: `Bearer ${bearer}` } }),
        tenantEnv,
        createExecutionContext(),
      );
      expect(res.status, bearer).toBe(401);
    }
  });
});
