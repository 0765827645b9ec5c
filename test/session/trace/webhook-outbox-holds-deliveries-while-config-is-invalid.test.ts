// A delivery queued under a valid WEBHOOKS was given up ("the webhook is no longer configured") as soon as
// any trace setting stopped parsing (a bad TRACE_MAX_EVENTS, a second webhook the config refuses): the
// outbox read the settings' defaults, which know no webhook. It now holds the delivery like one to a
// receiver that is down (retried with backoff, though a hold is no attempt:
// webhook-holds-while-config-is-invalid-are-not-attempts.test.ts), and sends it once the configuration is fixed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxHeldByABrokenConfig } from "../../support/held-webhook-outbox";
import { HookRecorder } from "../../support/hook-recorder";

const receiver = new HookRecorder();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());

describe("the webhook outbox while the configuration does not parse", () => {
  it("holds a queued delivery and sends it once the configuration is fixed", async () => {
    const valid = {
      ALLOW_PRIVATE_FETCH: "true",
      WEBHOOKS: JSON.stringify([{ url: receiver.url(), events: ["run.completed"], secret: "0123456789abcdef-test-secret" }]),
    };
    const { outbox, recorded, queued, fix } = outboxHeldByABrokenConfig(valid, "evt_held_1");
    expect(queued).toBe(true);

    await outbox.deliverDue();
    expect(recorded.map((r) => r.outcome)).toEqual(["retrying"]);
    expect(recorded[0]!.error).toContain("config_invalid");
    expect(receiver.deliveries).toHaveLength(0);

    // Fixed: the retry, due after the defaults' first backoff (1 s), goes out.
    fix();
    await outbox.deliverDue(Date.now() + 2_000);
    expect(recorded.map((r) => r.outcome)).toEqual(["retrying", "delivered"]);
    expect(receiver.deliveries.map((d) => d.headers["webhook-id"])).toEqual(["evt_held_1"]);
  });
});
