import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { MAX_IN_FLIGHT, WebhookDispatcher, type WebhookHook, type WebhookOptions } from "../src/session/webhook-hooks";
import { HookRecorder } from "./support/hook-recorder";
import { verifyHook } from "./support/verify-hook";

const SECRET = "0123456789abcdef-test-secret";
const receiver = new HookRecorder();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.deliveries.length = 0;
  receiver.plan.length = 0;
  receiver.maxInFlight = 0;
});

const options = (o: Partial<WebhookOptions> = {}): WebhookOptions => ({ allowPrivate: true, timeoutMs: 1_000, maxAttempts: 3, retryBaseMs: 20, ...o });
const hook = (events: string[] = ["*"]): WebhookHook => ({ url: receiver.url(), events, secret: SECRET });
let seq = 0;
const event = (type: string, data: Record<string, unknown> = {}) => ({
  sessionId: "s-hooks",
  runId: "run_1",
  seq: ++seq,
  at: new Date().toISOString(),
  type,
  data,
});

describe("webhook hooks", () => {
  it("POST each matching event as signed JSON the receiver can verify", async () => {
    const d = new WebhookDispatcher([hook(["run.*", "approval.required"])], options());
    d.dispatch(event("text.delta", { delta: "hi" }));
    d.dispatch(event("run.completed", { output: "42" }));
    d.dispatch(event("approval.required", { approvalId: "appr_1" }));
    await d.idle();
    // Deliveries run concurrently, so they may arrive in either order.
    expect(receiver.deliveries.map((x) => x.headers["x-hook-event"]).sort()).toEqual(["approval.required", "run.completed"]);
    for (const x of receiver.deliveries) {
      expect(x.headers["content-type"]).toBe("application/json");
      expect(verifyHook(SECRET, x.headers, x.body)).toBe(true);
      expect(verifyHook("another-secret-of-16+", x.headers, x.body)).toBe(false);
      expect(verifyHook(SECRET, x.headers, x.body.replace("s-hooks", "s-other"))).toBe(false);
      // A replay an hour later is refused on its timestamp even though the signature is intact.
      expect(verifyHook(SECRET, { ...x.headers, "x-hook-timestamp": String(Number(x.headers["x-hook-timestamp"]) - 3600) }, x.body)).toBe(false);
    }
    const completed = receiver.deliveries.find((x) => x.headers["x-hook-event"] === "run.completed")!;
    const body = JSON.parse(completed.body);
    expect(body).toMatchObject({ sessionId: "s-hooks", runId: "run_1", type: "run.completed", data: { output: "42" } });
    expect(body.id).toBe(completed.headers["x-hook-id"]);
  });

  it("retries a 5xx and a timeout with the same id and a fresh signature, then stops", async () => {
    receiver.plan.push({ status: 503 }, { hangMs: 600 });
    const d = new WebhookDispatcher([hook()], options({ timeoutMs: 200 }));
    d.dispatch(event("run.completed"));
    await d.idle();
    expect(receiver.deliveries.map((x) => x.headers["x-hook-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(receiver.deliveries.map((x) => x.headers["x-hook-id"])).size).toBe(1);
    for (const x of receiver.deliveries) expect(verifyHook(SECRET, x.headers, x.body)).toBe(true);
  });

  it("gives up after its attempts, and does not retry what a retry cannot fix", async () => {
    receiver.plan.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const d = new WebhookDispatcher([hook()], options({ maxAttempts: 2 }));
    d.dispatch(event("run.failed"));
    await d.idle();
    expect(receiver.deliveries).toHaveLength(2);

    receiver.deliveries.length = 0;
    receiver.plan.length = 0;
    receiver.plan.push({ status: 401 });
    d.dispatch(event("run.failed"));
    await d.idle();
    expect(receiver.deliveries).toHaveLength(1);
  });

  it("never reaches a private address unless ALLOW_PRIVATE_FETCH", async () => {
    const d = new WebhookDispatcher([hook()], options({ allowPrivate: false }));
    d.dispatch(event("run.completed"));
    await d.idle();
    expect(receiver.deliveries).toHaveLength(0);
  });

  it("returns at once and keeps a bounded number of deliveries in flight", async () => {
    for (let i = 0; i < 12; i++) receiver.plan.push({ hangMs: 80 });
    // A generous timeout: a delivery given up on a loaded machine would still hang at the receiver and
    // count there beside its successor.
    const d = new WebhookDispatcher([hook()], options({ timeoutMs: 10_000 }));
    // dispatch hands the work off: it returns nothing to await, before any delivery has arrived.
    for (let i = 0; i < 12; i++) expect(d.dispatch(event("run.completed", { i }))).toBeUndefined();
    expect(receiver.deliveries).toHaveLength(0);
    await d.idle();
    expect(receiver.deliveries).toHaveLength(12);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(receiver.maxInFlight).toBeGreaterThan(1);
  });
});

describe("HOOKS in config", () => {
  const issue = (HOOKS: string) => {
    try {
      loadConfig({ HOOKS });
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  it("accepts event types and globs over them", () => {
    const hooks = loadConfig({ HOOKS: JSON.stringify([{ url: "https://example.org/h", events: ["run.completed", "approval.*"], secret: SECRET }]) }).HOOKS;
    expect(hooks[0]!.events).toEqual(["run.completed", "approval.*"]);
  });
  it("refuses unknown events, short secrets and non-http URLs, naming the field", () => {
    expect(issue(JSON.stringify([{ url: "https://e.org/", events: ["run.complete"], secret: SECRET }]))).toContain("HOOKS.0.events.0");
    expect(issue(JSON.stringify([{ url: "https://e.org/", events: ["*"], secret: "short" }]))).toContain("HOOKS.0.secret");
    expect(issue(JSON.stringify([{ url: "ftp://e.org/", events: ["*"], secret: SECRET }]))).toContain("HOOKS.0.url");
  });
});
