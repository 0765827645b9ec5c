// One guard for every store: whatever of a session's life is still held after its storage is wiped (by a
// delivery awaited across a DELETE, a run that outlived DELETE_WAIT_MS) can neither write nor read; the
// session id's next life starts empty and stays so. Messages, trace, webhook outbox, approvals, inputs,
// request keys: each store of the old life is tried. (test/session/session-second-life.test.ts shows the
// same with a real delivery under wrangler dev.)
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/agent/messages";
import { StorageClosed } from "../../src/lib/closable-sql";
import type { SessionLife } from "../../src/session/session-life";
import { uniqueId } from "../support/worker-http";

describe("writes after a wipe", () => {
  it("are refused by the old life's every store; the new life holds none of them", async () => {
    const sid = uniqueId("wiped");
    const stub = env.SESSIONS.getByName(sid);
    expect(await stub.create(sid)).toBe("created");
    await runInDurableObject(stub, async (instance) => {
      const object = instance as unknown as { life: SessionLife; destroy(): Promise<boolean>; create(id: string): Promise<string> };
      const old = object.life;
      old.store.appendMessage(userMessage("before"), null);
      // The first life's approvals table exists, so its reads of questions go to the storage.
      old.approvals.open("run_before", [{ callId: "c0", name: "calculate", args: {} }], 60_000);
      expect(await object.destroy()).toBe(true);
      expect(await object.create(sid)).toBe("created");

      const late: Array<[string, () => unknown]> = [
        ["a message", () => old.store.appendMessage(userMessage("late"), null)],
        ["a trace event", () => old.store.trace.append(null, { type: "warning", code: "late", message: "late" })],
        [
          "a webhook outbox row",
          () => old.outbox.enqueue({ id: "evt_late", sessionId: sid, runId: null, seq: 1, at: new Date().toISOString(), type: "run.completed", data: {} }),
        ],
        ["an approval", () => old.approvals.open("run_late", [{ callId: "c1", name: "calculate", args: {} }], 60_000)],
        ["a read of the inputs", () => old.inputs.pending("run_late")],
        ["an idempotency key", () => old.dedupe.remember({ idempotencyKey: { key: "k", fingerprint: "f" } }, "run_late", { idempotencyTtlMs: 60_000 })],
        ["a run", () => old.store.runs.insert("run_late", "late", { stream: false, paradigm: "react", maxSteps: 1 })],
      ];
      for (const [what, write] of late) expect(write, what).toThrow(StorageClosed);

      const now = object.life;
      expect(now).not.toBe(old);
      expect(now.store.messages()).toEqual([]);
      expect(now.store.trace.read({})).toEqual([]);
      expect(now.store.runs.all()).toEqual([]);
      expect(now.approvals.pending("run_late")).toEqual([]);
    });
  });
});
