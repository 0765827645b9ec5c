import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { requests, script } from "../support/model-control";
import { decide, messages, startRun, trace } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

/** Every /v1 route of the contract, with a body where it takes one. */
const V1_ROUTES: Array<[string, string, unknown?]> = [
  ["POST", "/v1/sessions", {}],
  ["GET", "/v1/sessions/s1"],
  ["DELETE", "/v1/sessions/s1"],
  ["POST", "/v1/sessions/s1/runs", { input: "hi" }],
  ["GET", "/v1/sessions/s1/runs/r1"],
  ["GET", "/v1/sessions/s1/runs/r1/stream?after=0"],
  ["POST", "/v1/sessions/s1/runs/r1/cancel"],
  ["POST", "/v1/sessions/s1/approvals/a1", { decision: "allow" }],
  ["GET", "/v1/sessions/s1/events"],
  ["GET", "/v1/lessons"],
  ["GET", "/v1/lessons/some-lesson.md"],
  ["POST", "/v1/courses", { topic: "calculus" }],
  ["GET", "/v1/courses"],
  ["GET", "/v1/courses/c1"],
  ["DELETE", "/v1/courses/c1"],
  ["POST", "/v1/chat/completions", { model: "study-agent", messages: [{ role: "user", content: "hi" }] }],
  ["GET", "/v1/models"],
  ["GET", "/v1/models/study-agent"],
];

describe("API_TOKEN guards every /v1 route", () => {
  const app = createApp();
  const TOKEN = "s3cret-token-for-tests";
  const withToken = { ...env, API_TOKEN: TOKEN };
  const req = (method: string, path: string, body: unknown, authorization?: string) =>
    app.fetch(
      new Request(`http://agent.test${path}`, {
        method,
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      withToken,
      { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
    );

  it("refuses a missing or wrong token on every route", async () => {
    const bad = [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, "Bearer "];
    let refused = 0;
    for (const [method, path, body] of V1_ROUTES) {
      for (const authorization of bad) {
        const res = await req(method, path, body, authorization);
        expect(res.status, `${method} ${path} with ${String(authorization)}`).toBe(401);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
        refused++;
      }
    }
    console.log(
      `security: ${V1_ROUTES.length} /v1 routes × ${bad.length} missing or wrong tokens → ${refused} refused with 401, ${V1_ROUTES.length * bad.length - refused} let through`,
    );
  });

  it("lets the right token through on read routes", async () => {
    for (const [method, path, body] of V1_ROUTES.filter(([m]) => m === "GET")) {
      expect((await req(method, path, body, `Bearer ${TOKEN}`)).status, path).not.toBe(401);
    }
  });
});

describe("a session id reaches only its own session", () => {
  it("refuses another session's runs, streams, approvals and trace", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}11` } }] }]);
    const owner = uniqueId("owner");
    const run = await startRun(owner, `${marker} private question of ${owner}`);
    const intruder = uniqueId("intruder");
    await startRun(intruder, `${await script(uniqueId("k"), [{ text: "hello" }])} hi`);

    for (const [method, path] of [
      ["GET", `/v1/sessions/${intruder}/runs/${run.runId}`],
      ["GET", `/v1/sessions/${intruder}/runs/${run.runId}/stream`],
      ["POST", `/v1/sessions/${intruder}/runs/${run.runId}/cancel`],
    ] as const) {
      expect((await call(path, { method })).status, path).toBe(404);
    }
    expect((await decide(intruder, run.pending![0]!.approvalId, { decision: "allow" })).status).toBe(404);
    const seen = JSON.stringify([await messages(intruder), await trace(intruder)]);
    expect(seen).not.toContain(owner);
    expect(seen).not.toContain(run.runId);
    // The owner's run still waits, untouched.
    expect(((await (await call(`/v1/sessions/${owner}/runs/${run.runId}`)).json()) as { status: string }).status).toBe("awaiting_approval");
  });
});

describe("limits", () => {
  it("stops a run at maxSteps model calls, and refuses a maxSteps above MAX_STEPS", async () => {
    const key = uniqueId("k");
    const loop = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };
    const marker = await script(key, [loop, loop, loop, loop]);
    const sid = uniqueId();
    expect(await startRun(sid, `${marker} loop forever`, { maxSteps: 2 })).toMatchObject({ status: "max_steps", steps: 2 });
    expect((await requests(key)).requests).toHaveLength(2);
    const over = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: "x", maxSteps: 26 } });
    expect(over.status).toBe(400);
  });

  it("refuses an input longer than MAX_INPUT_CHARS and a body larger than MAX_BODY_BYTES, storing nothing", async () => {
    const sid = uniqueId();
    const long = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: "x".repeat(100_001) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe("input_too_long");
    const huge = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: "x".repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect((await call(`/v1/sessions/${sid}`)).status).toBe(404);
  });
});
