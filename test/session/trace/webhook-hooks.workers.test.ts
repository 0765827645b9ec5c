import { describe, expect, it } from "vitest";
import { deliveries } from "../../support/hook-control";
import { script } from "../../support/model-control";
import { startRun, trace } from "../../support/session-api";
import { ASK_PREFIX, TEST_HOOK_SECRET } from "../../support/trust-fixtures";
import { verifyHook } from "../../support/verify-hook";
import { waitFor } from "../../support/wait-for";
import { uniqueId } from "../../support/worker-http";

async function deliveredTypes(sid: string, count: number): Promise<Array<{ type: string; body: Record<string, unknown>; valid: boolean }>> {
  const got = await waitFor(async () => {
    const list = await deliveries(sid);
    return list.length >= count && list;
  }, `${count} deliveries for ${sid}`);
  return got.map((d) => ({ type: d.headers["x-hook-event"]!, body: JSON.parse(d.body), valid: verifyHook(TEST_HOOK_SECRET, d.headers, d.body) }));
}

describe("webhooks (WEBHOOKS)", () => {
  it("POST the session's events of the configured types, signed, and redacted like the trace", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Your key sk-proj-AbCdEfGhIjKlMnOpQrStUvWx is safe with me." }]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} hello`);
    const got = await deliveredTypes(sid, 1);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: "run.completed", valid: true, body: { sessionId: sid, runId: run.runId, type: "run.completed" } });
    expect(String((got[0]!.body.data as { output: string }).output)).toBe("Your key [REDACTED] is safe with me.");
    // The attempt is in the trace (and only there: it is not delivered itself).
    const attempts = await waitFor(async () => {
      const rows = (await trace(sid, { webhookAttempts: true })).filter((e) => e.type === "webhook.attempt");
      return rows.length > 0 && rows;
    }, "the attempt in the trace");
    expect(attempts[0]!.data).toMatchObject({ webhookId: got[0]!.body.id, event: "run.completed", attempt: 1, outcome: "delivered", status: 200 });
  });

  it("tell a receiver that a run waits for approval", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}10` } }] }]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} add`);
    const [required] = await deliveredTypes(sid, 1);
    expect(required).toMatchObject({ type: "approval.required", valid: true, body: { data: { approvalId: run.pending![0]!.approvalId, name: "calculate" } } });
  });
});
