// A finished run leaves nothing to do behind it: no alarm that would wake the object (often cold) only to
// find nothing due, and no webhook outbox pass when no webhook is configured. What must still happen
// keeps its alarm: a run paused for approval has one for the approval's expiry.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { settledRun, startRun, trace } from "../support/session-api";
import { overrideSessionConfig } from "../support/session-config";
import { steppedSession } from "../support/stepped-session";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

const alarmOf = (sid: string) => runInDurableObject(env.SESSIONS.getByName(sid), (_o, state) => state.storage.getAlarm());

/** Counts the object's webhook outbox passes from now on. */
async function countOutboxPasses(sid: string): Promise<() => Promise<number>> {
  const stub = env.SESSIONS.getByName(sid);
  await runInDurableObject(stub, (instance) => {
    const life = (instance as unknown as { life: { outbox: { deliverDue: () => Promise<void>; passes?: number } } }).life;
    const deliverDue = life.outbox.deliverDue.bind(life.outbox);
    life.outbox.passes = 0;
    life.outbox.deliverDue = () => {
      life.outbox.passes! += 1;
      return deliverDue();
    };
  });
  return () => runInDurableObject(stub, (instance) => (instance as unknown as { life: { outbox: { passes: number } } }).life.outbox.passes);
}

const TWO_STEPS = [{ toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] }, { text: "42" }];

describe("the work a finished run leaves behind", () => {
  it("is none: no alarm, and with no webhooks configured no outbox pass and no outbox row", async () => {
    const marker = await script(uniqueId("k"), TWO_STEPS);
    const sid = uniqueId();
    await overrideSessionConfig(sid, { WEBHOOKS: "[]" });
    const passes = await countOutboxPasses(sid);
    const done = await startRun(sid, `${marker} six times seven`);
    expect(done).toMatchObject({ status: "completed", steps: 2 });
    expect(await alarmOf(sid)).toBeNull();
    expect(await passes()).toBe(0);
    // Not a row: the outbox's table was never created (schema.ts creates it with the first delivery queued).
    const outbox = await runInDurableObject(
      env.SESSIONS.getByName(sid),
      (_o, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'webhook_outbox'").one().n,
    );
    expect(outbox).toBe(0);
    expect((await trace(sid, { webhookAttempts: true })).some((e) => e.type === "webhook.attempt")).toBe(false);
  });

  it("is none after the last step of a run driven one step per invocation", async () => {
    const marker = await script(uniqueId("k"), TWO_STEPS);
    const sid = uniqueId();
    await steppedSession(sid, 1);
    await overrideSessionConfig(sid, { WEBHOOKS: "[]" });
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} six times seven`, stream: false } });
    const { runId } = (await res.json()) as { runId: string };
    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", steps: 2 });
    expect(await alarmOf(sid)).toBeNull();
  });

  it("keeps the alarm a paused run needs: the approval's expiry", async () => {
    const marker = await script(uniqueId("k"), [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }]);
    const sid = uniqueId();
    // No webhook: an approval.* delivery would hold the alarm at "now" until its pass is over.
    await overrideSessionConfig(sid, { WEBHOOKS: "[]" });
    const run = await startRun(sid, `${marker} add`);
    expect(run.status).toBe("awaiting_approval");
    const expiresAt = Date.parse(run.pending![0]!.expiresAt);
    expect(await alarmOf(sid)).toBe(expiresAt);
  });
});
