// Webhook deliveries survive a crash: the Worker (wrangler dev, with its Durable Objects' state persisted)
// is killed while its receiver keeps failing, then started again on the same state; the outbox's alarm
// delivers every pending event, and the receiver gets each one exactly once by webhook-id.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HookRecorder } from "../../support/hook-recorder";
import { ScriptedModel } from "../../support/scripted-model";
import { waitFor } from "../../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../../support/wrangler-dev";

const model = new ScriptedModel();
const receiver = new HookRecorder();
const stateDir = mkdtempSync(join(tmpdir(), "outbox-restart-"));
let worker: WranglerDev | undefined;

beforeAll(async () => {
  await Promise.all([model.listen(), receiver.listen()]);
}, 30_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close(), receiver.close()]);
  rmSync(stateDir, { recursive: true, force: true });
});

const start = () =>
  startWranglerDev({
    stateDir,
    timeoutMs: 90_000,
    vars: {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: model.baseURL,
      MODEL: "scripted-model",
      ALLOW_PRIVATE_FETCH: "true",
      WEBHOOKS: JSON.stringify([{ url: receiver.url(), events: ["run.completed"], secret: "outbox-test-secret-0123456789" }]),
      WEBHOOK_RETRY_BASE_MS: "300",
      WEBHOOK_MAX_RETRY_DELAY_MS: "1000",
    },
  });

/** Whether the session's trace records a delivered attempt: the outbox deletes the row in the same turn. */
async function traceSaysDelivered(url: string, sessionId: string): Promise<boolean> {
  const res = await fetch(`${url}/v1/sessions/${sessionId}/events?limit=1000`);
  const { events } = (await res.json()) as { events: Array<{ type: string; data: { outcome?: string } }> };
  return events.some((e) => e.type === "webhook.attempt" && e.data.outcome === "delivered");
}

/** The outbox rows left in each Durable Object's SQLite that wrangler dev persisted (the objects without an outbox table are skipped). */
function outboxRowsOnDisk(): number[] {
  const root = join(stateDir, "state", "v3", "do");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".sqlite"));
  return files.flatMap((f) => {
    const db = new DatabaseSync(join(root, f), { readOnly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'webhook_outbox'").get();
      return table ? [Number((db.prepare("SELECT COUNT(*) AS n FROM webhook_outbox").get() as { n: number }).n)] : [];
    } finally {
      db.close();
    }
  });
}

describe("the webhook outbox", () => {
  it("delivers every event pending at a crash once the Worker is back, each exactly once", { timeout: 240_000 }, async () => {
    // The receiver fails every delivery until the Worker has been killed.
    receiver.plan.push(...Array.from({ length: 1000 }, () => ({ status: 503 })));
    worker = await start();
    const sessions = ["outbox-a", "outbox-b", "outbox-c"];
    for (const s of sessions) {
      const marker = model.script(s, [{ text: `done ${s}` }]);
      const res = await fetch(`${worker.url}/v1/sessions/${s}/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ input: `${marker} hi` }),
      });
      expect(((await res.json()) as { status: string }).status).toBe("completed");
    }
    const ids = () => new Set(receiver.deliveries.map((d) => d.headers["webhook-id"]));
    await waitFor(() => ids().size === sessions.length, "a failed first attempt of each event", 60_000);
    await worker.kill();
    worker = undefined;
    const failedBeforeCrash = receiver.deliveries.length;
    receiver.plan.length = 0;

    // Restarted on the same state, with no request to wake anything: the alarm does it.
    worker = await start();
    const afterRestart = () => receiver.deliveries.slice(failedBeforeCrash);
    await waitFor(
      () => new Set(afterRestart().map((d) => d.headers["webhook-id"])).size === sessions.length,
      "every event delivered after the restart",
      90_000,
    );
    // Nothing is left to send again: each session's trace records its delivery (its outbox row deleted in
    // the same turn), and once the Worker has stopped, no outbox row is left on disk.
    const url = worker.url;
    await waitFor(
      async () => (await Promise.all(sessions.map((s) => traceSaysDelivered(url, s)))).every(Boolean),
      "every session's trace to record its delivery",
    );
    await worker.stop();
    worker = undefined;
    const outboxes = outboxRowsOnDisk();
    expect(outboxes.length).toBeGreaterThanOrEqual(sessions.length);
    expect(outboxes.filter((n) => n > 0)).toEqual([]);
    const delivered = afterRestart().map((d) => d.headers["webhook-id"]!);
    expect(delivered.sort()).toEqual([...ids()].sort());
    expect(new Set(delivered).size).toBe(delivered.length);
    for (const d of afterRestart()) expect(JSON.parse(d.body)).toMatchObject({ type: "run.completed" });
    console.log(
      `outbox: ${sessions.length} events, ${failedBeforeCrash} failed attempts before the crash, ${delivered.length} delivered after the restart (${delivered.length - new Set(delivered).size} duplicates)`,
    );
  });
});
