// The POST and DELETE routes that keep no Idempotency-Key refuse a malformed one (400 invalid_idempotency_key,
// as the keyed routes do) before doing anything, and take a well-formed one (SDKs send one with every
// request): they are idempotent by nature, and a retry of them changes nothing more (docs/api.md#idempotency).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { objectKey } from "../../src/lessons/store";
import { script } from "../support/model-control";
import { startRun } from "../support/session-api";
import { call, uniqueId } from "../support/worker-http";

const codeOf = async (res: Response) => ((await res.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code;

describe("Idempotency-Key on the routes that keep none", () => {
  it("is 400 invalid_idempotency_key when malformed, on each, and nothing is done", async () => {
    const sid = uniqueId();
    const run = await startRun(sid, `${await script(uniqueId("k"), [{ text: "Done." }])} hi`);
    const routes: Array<[string, string, unknown?]> = [
      ["POST", `/v1/sessions/${sid}/runs/${run.runId}/cancel`],
      ["DELETE", `/v1/sessions/${sid}`],
      ["POST", "/v1/lessons/some-lesson.md/share"],
      ["POST", "/v1/ui/chat", {}],
      ["POST", "/v1/mcp/servers/linear/authorize", {}],
      ["DELETE", "/v1/mcp/servers/linear/authorization"],
      ["DELETE", "/v1/courses/crs_x"],
      ["DELETE", `/v1/responses/resp_x`],
      ["POST", `/v1/responses/resp_x/cancel`],
    ];
    for (const [method, path, json] of routes) {
      for (const bad of ["has space", "", "x".repeat(256)]) {
        const res = await call(path, { method, json, headers: { "idempotency-key": bad } });
        expect([res.status, await codeOf(res)], `${method} ${path} ${JSON.stringify(bad)}`).toEqual([400, "invalid_idempotency_key"]);
      }
      const res = await call(path, { method, json, headers: { "idempotency-key": uniqueId("ok") } });
      expect(await codeOf(res), `${method} ${path}`).not.toBe("invalid_idempotency_key");
      if (path === `/v1/sessions/${sid}`) expect(res.status).toBe(204);
    }
  });

  it("takes a well-formed one: a cancel answers the run as it ended, a share the same token, a delete 404 after", async () => {
    const sid = uniqueId();
    const run = await startRun(sid, `${await script(uniqueId("k"), [{ text: "Done." }])} hi`);
    const keyed = (method: string, path: string) => call(path, { method, headers: { "idempotency-key": uniqueId("ok") } });
    for (let i = 0; i < 2; i++) {
      const cancel = await keyed("POST", `/v1/sessions/${sid}/runs/${run.runId}/cancel`);
      expect(cancel.status).toBe(202);
      expect(await cancel.json()).toMatchObject({ runId: run.runId, status: "completed", output: "Done." });
    }

    const lesson = `${uniqueId("lesson")}.md`;
    await env.LESSONS.put(objectKey(lesson), "# A lesson\n");
    const shares = [];
    for (let i = 0; i < 2; i++) shares.push(await (await keyed("POST", `/v1/lessons/${lesson}/share`)).json());
    expect(shares[1]).toEqual(shares[0]);

    expect((await keyed("DELETE", `/v1/sessions/${sid}`)).status).toBe(204);
    expect((await keyed("DELETE", `/v1/sessions/${sid}`)).status).toBe(404);
  });
});
