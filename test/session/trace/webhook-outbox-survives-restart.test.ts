// Webhook deliveries survive a crash: the Worker (wrangler dev, with its Durable Objects' state persisted)
// is killed while its receiver keeps failing, then started again on the same state; the outbox's alarm
// delivers every pending event, and the receiver gets each one exactly once by webhook-id.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HookRecorder } from "../../support/hook-recorder";
import { ScriptedModel } from "../../support/scripted-model";
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

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
    await until("a failed first attempt of each event", () => ids().size === sessions.length);
    await worker.kill();
    worker = undefined;
    const failedBeforeCrash = receiver.deliveries.length;
    receiver.plan.length = 0;

    // Restarted on the same state, with no request to wake anything: the alarm does it.
    worker = await start();
    const afterRestart = () => receiver.deliveries.slice(failedBeforeCrash);
    await until("every event delivered after the restart", () => new Set(afterRestart().map((d) => d.headers["webhook-id"])).size === sessions.length, 90_000);
    // Time for any duplicate to show up (retries are at most a second apart here).
    await new Promise((r) => setTimeout(r, 3_000));
    const delivered = afterRestart().map((d) => d.headers["webhook-id"]!);
    expect(delivered.sort()).toEqual([...ids()].sort());
    expect(new Set(delivered).size).toBe(delivered.length);
    for (const d of afterRestart()) expect(JSON.parse(d.body)).toMatchObject({ type: "run.completed" });
    console.log(
      `outbox: ${sessions.length} events, ${failedBeforeCrash} failed attempts before the crash, ${delivered.length} delivered after the restart (${delivered.length - new Set(delivered).size} duplicates)`,
    );
  });
});
