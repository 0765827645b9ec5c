import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { call, uniqueId } from "../support/worker-http";

const expectError = async (res: Response, status: number, code?: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(typeof body.error.message).toBe("string");
  if (code) expect(body.error.code).toBe(code);
};

describe("bad input gets a clear 4xx JSON error", () => {
  it.each([
    ["not JSON", "{oops", "invalid_json"],
    ["no body", undefined, "invalid_json"],
    ["missing input", "{}", "invalid_request"],
    ["empty input", '{"input":""}', "invalid_request"],
    ["input not a string", '{"input":42}', "invalid_request"],
    ["unknown field", '{"input":"x","temperature":2}', "invalid_request"],
    ["bad paradigm", '{"input":"x","paradigm":"chaos"}', "invalid_request"],
    ["maxSteps above MAX_STEPS", '{"input":"x","maxSteps":100000}', "invalid_request"],
    ["maxSteps zero", '{"input":"x","maxSteps":0}', "invalid_request"],
  ])("POST runs with %s → 400", async (_name, body, code) => {
    await expectError(await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", body, headers: { "content-type": "application/json" } }), 400, code);
  });

  it("rejects invalid ids with 400 and unknown ones with 404", async () => {
    await expectError(await call(`/v1/sessions/${"x".repeat(129)}`), 400, "invalid_id");
    await expectError(await call(`/v1/sessions/bad%20id`), 400, "invalid_id");
    await expectError(await call(`/v1/sessions/${uniqueId()}`), 404, "not_found");
    await expectError(await call(`/v1/sessions/${uniqueId()}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await call(`/v1/sessions/${uniqueId()}/runs/run_nope`), 404, "not_found");
    await expectError(await call(`/v1/sessions/${uniqueId()}/runs/run_nope/cancel`, { method: "POST" }), 404, "not_found");
    await expectError(await call(`/v1/sessions/${uniqueId()}/events`), 404, "not_found");
    await expectError(await call(`/v1/nothing-here`), 404, "not_found");
  });

  it("creates sessions once: 201, then 409; validates their body", async () => {
    const id = uniqueId();
    const res = await call(`/v1/sessions`, { method: "POST", json: { id, metadata: { course: "calculus" } } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id });
    await expectError(await call(`/v1/sessions`, { method: "POST", json: { id } }), 409, "conflict");
    await expectError(await call(`/v1/sessions`, { method: "POST", json: { id: "no spaces allowed" } }), 400);
    await expectError(await call(`/v1/sessions`, { method: "POST", json: { metadata: "nope" } }), 400);
    const anon = await call(`/v1/sessions`, { method: "POST" });
    expect(anon.status).toBe(201);
  });

  it("rejects bad event paging", async () => {
    const id = uniqueId();
    await call(`/v1/sessions`, { method: "POST", json: { id } });
    await expectError(await call(`/v1/sessions/${id}/events?limit=5000`), 400);
    await expectError(await call(`/v1/sessions/${id}/events?after=-1`), 400);
    expect((await call(`/v1/sessions/${id}/events?limit=1000`)).status).toBe(200);
  });

  it("answers 413 past the body limit", async () => {
    const big = JSON.stringify({ input: "x".repeat(1_100_000) });
    await expectError(
      await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", body: big, headers: { "content-type": "application/json" } }),
      413,
      "body_too_large",
    );
  });
});

describe("auth when API_TOKEN is set", () => {
  const app = createApp();
  const withToken = { ...env, API_TOKEN: "s3cret-token" };
  const req = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://agent.test${path}`, init), withToken);

  it("refuses /v1 without or with a wrong token, before validation", async () => {
    await expectError(await req(`/v1/sessions/x`), 401, "unauthorized");
    await expectError(await req(`/v1/sessions/x`, { headers: { authorization: "Bearer wrong" } }), 401);
    await expectError(await req(`/v1/sessions/bad%20id`, { headers: { authorization: "Basic s3cret-token" } }), 401);
    await expectError(await req(`/v1/sessions/x/runs`, { method: "POST", body: "{oops" }), 401);
  });

  it("accepts the right token and leaves /healthz open", async () => {
    await expectError(await req(`/v1/sessions/${uniqueId()}`, { headers: { authorization: "Bearer s3cret-token" } }), 404);
    const health = await req(`/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
  });
});
