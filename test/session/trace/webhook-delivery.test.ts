// One webhook delivery attempt: signed both ways (ours and Standard Webhooks, checked with the
// `standardwebhooks` library), classified for retry, kept off private addresses; and the config names.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../../src/config";
import { attemptDelivery, type AttemptOptions, type HookPayload, type WebhookHook } from "../../../src/session/trace/webhooks";
import { HookRecorder } from "../../support/hook-recorder";
import { verifyHook } from "../../support/verify-hook";

const SECRET = "0123456789abcdef-test-secret";
const receiver = new HookRecorder();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.deliveries.length = 0;
  receiver.plan.length = 0;
});

const options = (o: Partial<AttemptOptions> = {}): AttemptOptions => ({ allowPrivate: true, timeoutMs: 1_000, ...o });
const hook = (secret = SECRET): WebhookHook => ({ url: receiver.url(), events: ["*"], secret });
let seq = 0;
function payload(type: string, data: Record<string, unknown> = {}): { payload: HookPayload; body: string } {
  const p = { id: `s-hooks:${++seq}`, sessionId: "s-hooks", runId: "run_1", seq, at: new Date().toISOString(), type, data };
  return { payload: p, body: JSON.stringify(p) };
}

describe("a webhook delivery attempt", () => {
  it("is signed so receivers verify it with our check and with the Standard Webhooks library", async () => {
    const { payload: p, body } = payload("run.completed", { output: "42" });
    expect(await attemptDelivery(hook(), p, body, 1, options())).toEqual({ delivered: true, status: 200 });
    const [x] = receiver.deliveries;
    expect(x!.headers["webhook-id"]).toBe(p.id);
    expect(x!.headers["x-hook-id"]).toBe(p.id);
    expect(x!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyHook(SECRET, x!.headers, x!.body)).toBe(true);
    // A plain secret is used as its bytes: the library's "raw" format.
    expect(new Webhook(SECRET, { format: "raw" }).verify(x!.body, x!.headers)).toMatchObject({ type: "run.completed", data: { output: "42" } });
    expect(() => new Webhook("another-secret-of-16+", { format: "raw" }).verify(x!.body, x!.headers)).toThrow();
    expect(() => new Webhook(SECRET, { format: "raw" }).verify(x!.body.replace("42", "43"), x!.headers)).toThrow();
  });

  it("uses a whsec_ secret's decoded bytes, as the Standard Webhooks libraries expect", async () => {
    const secret = `whsec_${Buffer.from("a 24-byte secret for you").toString("base64")}`;
    const { payload: p, body } = payload("run.failed");
    await attemptDelivery(hook(secret), p, body, 1, options());
    const [x] = receiver.deliveries;
    expect(new Webhook(secret).verify(x!.body, x!.headers)).toMatchObject({ id: p.id });
  });

  it("asks for a retry after a 5xx or a timeout, not after a 4xx or a refused address", async () => {
    receiver.plan.push({ status: 503 }, { hangMs: 600 }, { status: 401 });
    const { payload: p, body } = payload("run.completed");
    expect(await attemptDelivery(hook(), p, body, 1, options())).toMatchObject({ delivered: false, retry: true, status: 503 });
    expect(await attemptDelivery(hook(), p, body, 2, options({ timeoutMs: 200 }))).toMatchObject({ delivered: false, retry: true });
    expect(await attemptDelivery(hook(), p, body, 3, options())).toMatchObject({ delivered: false, retry: false, status: 401 });
    expect(receiver.deliveries.map((x) => x.headers["x-hook-attempt"])).toEqual(["1", "2", "3"]);
    expect(await attemptDelivery(hook(), p, body, 1, options({ allowPrivate: false }))).toMatchObject({ delivered: false, retry: false });
    expect(receiver.deliveries).toHaveLength(3);
  });
});

describe("WEBHOOKS in config", () => {
  const issue = (WEBHOOKS: string) => {
    try {
      loadConfig({ WEBHOOKS });
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  const one = JSON.stringify([{ url: "https://example.org/h", events: ["run.completed", "approval.*"], secret: SECRET }]);

  it("accepts event types and globs over them", () => {
    expect(loadConfig({ WEBHOOKS: one }).WEBHOOKS[0]!.events).toEqual(["run.completed", "approval.*"]);
  });

  it("still reads the deprecated HOOKS and HOOK_TIMEOUT_MS, with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = loadConfig({ HOOKS: one, HOOK_TIMEOUT_MS: "2500" });
    expect(config.WEBHOOKS[0]!.url).toBe("https://example.org/h");
    expect(config.WEBHOOK_TIMEOUT_MS).toBe(2500);
    expect(String(warn.mock.calls[0]?.[0])).toContain("HOOKS and HOOK_TIMEOUT_MS are deprecated");
    warn.mockRestore();
    // Both names set is refused: test/session/trace/hooks-and-webhooks-both-set-is-refused.test.ts.
  });

  it("refuses unknown events, short secrets and non-http URLs, naming the field", () => {
    expect(issue(JSON.stringify([{ url: "https://e.org/", events: ["run.complete"], secret: SECRET }]))).toContain("WEBHOOKS.0.events.0");
    expect(issue(JSON.stringify([{ url: "https://e.org/", events: ["*"], secret: "short" }]))).toContain("WEBHOOKS.0.secret");
    expect(issue(JSON.stringify([{ url: "ftp://e.org/", events: ["*"], secret: SECRET }]))).toContain("WEBHOOKS.0.url");
  });
});
