// CSRF: a cross-site page can POST text/plain or a form without a CORS preflight. Every state-changing
// /v1 request with a body must be JSON (415 otherwise), so such a request never starts anything.
import { describe, expect, it } from "vitest";
import { call, uniqueId } from "../support/worker-http";

const body = JSON.stringify({ input: "hi" });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("state-changing /v1 requests need Content-Type: application/json", () => {
  it.each([
    ["text/plain (a no-cors fetch)", { "content-type": "text/plain;charset=UTF-8" }],
    ["a form", { "content-type": "application/x-www-form-urlencoded" }],
    ["multipart", { "content-type": "multipart/form-data; boundary=x" }],
    ["no Content-Type", {}],
    ["a JSON look-alike", { "content-type": "application/jsonp" }],
  ])("refuses a run started with %s: 415 and nothing stored", async (_name, headers) => {
    const sid = uniqueId("csrf");
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", body, headers });
    expect(res.status).toBe(415);
    expect(await errorCode(res)).toBe("unsupported_media_type");
    expect((await call(`/v1/sessions/${sid}`)).status).toBe(404);
  });

  it.each([
    ["POST", "/v1/sessions"],
    ["POST", "/v1/courses"],
    ["POST", "/v1/chat/completions"],
    ["POST", `/v1/sessions/s/approvals/a`],
    ["DELETE", "/v1/sessions/s"],
    ["PUT", "/v1/sessions/s"],
    ["PATCH", "/v1/sessions/s"],
  ])("refuses %s %s with a text/plain body", async (method, path) => {
    const res = await call(path, { method, body: "{}", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
    expect(await errorCode(res)).toBe("unsupported_media_type");
  });

  it("accepts JSON with parameters and any letter case", async () => {
    const res = await call(`/v1/sessions`, {
      method: "POST",
      body: JSON.stringify({ id: uniqueId() }),
      headers: { "content-type": "Application/JSON; charset=utf-8" },
    });
    expect(res.status).toBe(201);
  });

  it("lets requests without a body through: cancel, delete, create without options", async () => {
    const created = await call(`/v1/sessions`, { method: "POST" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await call(`/v1/sessions/${id}/runs/run_nope/cancel`, { method: "POST" })).status).toBe(404);
    expect((await call(`/v1/sessions/${id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("leaves the bots' webhooks (outside /v1) to their own verification", async () => {
    const res = await call(`/telegram/webhook`, { method: "POST", body: "{}", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(401);
  });
});
