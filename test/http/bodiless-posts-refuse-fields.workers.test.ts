// Compacting a session and cancelling a run take no fields: a body naming one is a 400 that names it,
// never a field quietly ignored. No body, or `{}` (what many clients send with every POST), is accepted.
import { describe, expect, it } from "vitest";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

describe("POSTs that take no fields", () => {
  const sid = uniqueId();
  const routes = [
    { path: `/v1/sessions/${sid}/compact`, field: "force", json: { force: true } },
    { path: `/v1/sessions/${sid}/runs/run_x/cancel`, field: "reason", json: { reason: "changed my mind" } },
  ];

  it("refuse a body with a field, naming it, before looking the session or run up", async () => {
    for (const { path, field, json } of routes) {
      const err = await errorOf(await call(path, { method: "POST", json }));
      expect(err, path).toMatchObject({ status: 400, code: "invalid_request" });
      expect(err.message, path).toContain(field);
      expect(await errorOf(await call(path, { method: "POST", json: [] })), path).toMatchObject({ status: 400, code: "invalid_request" });
    }
  });

  it("accept no body or {} (here: 404, the session does not exist)", async () => {
    for (const { path } of routes) {
      expect((await call(path, { method: "POST" })).status, path).toBe(404);
      expect((await call(path, { method: "POST", json: {} })).status, path).toBe(404);
    }
  });
});
