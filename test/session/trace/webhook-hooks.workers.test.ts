import { describe, expect, it } from "vitest";
import { deliveries } from "../../support/hook-control";
import { script } from "../../support/model-control";
import { startRun, trace, type TraceRow } from "../../support/session-api";
import { ASK_PREFIX, TEST_HOOK_SECRET } from "../../support/trust-fixtures";
import { verifyHook } from "../../support/verify-hook";
import { uniqueId } from "../../support/worker-http";

async function deliveredTypes(sid: string, count: number): Promise<Array<{ type: string; body: Record<string, unknown>; valid: boolean }>> {
  for (let i = 0; i < 100; i++) {
    const got = await deliveries(sid);
    if (got.length >= count)
      return got.map((d) => ({ type: d.headers["x-hook-event"]!, body: JSON.parse(d.body), valid: verifyHook(TEST_HOOK_SECRET, d.headers, d.body) }));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} deliveries for ${sid}`);
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
    let attempts: TraceRow[] = [];
    for (let i = 0; i < 100 && !attempts.length; i++) {
      attempts = (await trace(sid, { webhookAttempts: true })).filter((e) => e.type === "webhook.attempt");
      if (!attempts.length) await new Promise((r) => setTimeout(r, 50));
    }
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
