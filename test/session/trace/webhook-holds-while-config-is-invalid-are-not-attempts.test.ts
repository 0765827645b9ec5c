// A delivery held while the configuration did not parse was counted as an attempt: its attempt number grew
// with every hold, and the holds used up its WEBHOOK_RETRY_FOR_MS, so a configuration fixed a day later found
// the delivery given up ("gave_up", config_invalid) instead of sent. Holds are no attempts now: however long
// the hold, the delivery is sent as attempt 1 once the configuration is fixed, with its whole retry window
// still ahead; and a hold's wait still grows (no retry every second while the configuration stays broken).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxHeldByABrokenConfig } from "../../support/held-webhook-outbox";
import { HookRecorder } from "../../support/hook-recorder";

const receiver = new HookRecorder();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;

describe("a webhook delivery held while the configuration does not parse", () => {
  it("is sent as its first attempt, with its retry window whole, once the configuration is fixed a day later", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2031-03-01T00:00:00Z") });
    const valid = {
      ALLOW_PRIVATE_FETCH: "true",
      WEBHOOK_RETRY_FOR_MS: String(2 * HOUR),
      WEBHOOKS: JSON.stringify([{ url: receiver.url(), events: ["run.completed"], secret: "0123456789abcdef-test-secret" }]),
    };
    const { outbox, recorded, queued, fix } = outboxHeldByABrokenConfig(valid, "evt_held_long");
    expect(queued).toBe(true);

    // Held for 26 hours: each hold waits until its nextAttemptAt, a wait that grows to the defaults' hour.
    const end = Date.now() + 26 * HOUR;
    while (Date.now() < end) {
      await outbox.deliverDue();
      vi.setSystemTime(Date.parse(recorded.at(-1)!.nextAttemptAt!));
    }
    expect(recorded.filter((r) => r.outcome !== "retrying" || r.attempt !== 1 || !r.error?.includes("config_invalid"))).toEqual([]);
    const waits = recorded.slice(1).map((r, i) => Date.parse(r.nextAttemptAt!) - Date.parse(recorded[i]!.nextAttemptAt!));
    expect(waits.every((w, i) => i === 0 || w >= waits[i - 1]!)).toBe(true);
    expect(recorded.length).toBeLessThan(50); // about 12 doublings to the hour, then one an hour
    expect(receiver.deliveries).toHaveLength(0);

    // Fixed, and the receiver is down for a while: the delivery is attempt 1, and is retried within its own window.
    fix();
    receiver.plan.push({ status: 503 });
    await outbox.deliverDue();
    vi.setSystemTime(Date.parse(recorded.at(-1)!.nextAttemptAt!));
    await outbox.deliverDue();
    expect(recorded.slice(-2).map((r) => [r.outcome, r.attempt])).toEqual([
      ["retrying", 1],
      ["delivered", 2],
    ]);
    expect(receiver.deliveries.map((d) => d.headers["x-hook-attempt"])).toEqual(["1", "2"]);
  });
});
