// Outbound webhook hooks (HOOKS): every trace event whose type a hook asks for is POSTed to its URL as
// JSON, signed so the receiver can tell it came from us and is fresh:
//   X-Hook-Timestamp: <unix seconds>
//   X-Hook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" under the hook's secret>
// Deliveries never hold up or break a run: dispatch() queues and returns, at most a few deliveries are
// in flight per session object, each attempt has a deadline, failures are retried a bounded number of
// times and then logged. URLs obey the same address rule as the tools (ssrf.ts) and redirects are not
// followed. docs/security-and-reliability.md shows how to verify a delivery.
import * as z from "zod";
import { EVENT_TYPES } from "../agent/events";
import { matchesGlob } from "../lib/glob";
import { FetchError, safeFetch } from "../tools/safe-fetch";

const EventGlob = z
  .string()
  .min(1)
  .refine((glob) => EVENT_TYPES.some((type) => matchesGlob(glob, type)), {
    error: (i) => `matches no event type (${String(i.input)}); known: ${EVENT_TYPES.join(", ")}`,
  });

export const WebhookHookSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }),
  /** Event types or globs over them: "run.completed", "approval.*", "*". */
  events: z.array(EventGlob).min(1),
  secret: z.string().min(16, "use a random secret of at least 16 characters"),
});
export const WebhookHooksSchema = z.array(WebhookHookSchema);
export type WebhookHook = z.output<typeof WebhookHookSchema>;

/** One trace event as a hook receives it (the body's JSON). */
export interface HookPayload {
  /** Stable across retries of one delivery: receivers deduplicate on it. */
  id: string;
  sessionId: string;
  runId: string | null;
  seq: number;
  at: string;
  type: string;
  data: Record<string, unknown>;
}

export interface WebhookOptions {
  allowPrivate: boolean;
  /** One attempt's deadline. */
  timeoutMs: number;
  maxAttempts: number;
  /** Wait before the second attempt; doubles each time. */
  retryBaseMs: number;
  /** Keeps the object alive while deliveries run (DurableObjectState.waitUntil). */
  waitUntil?: (p: Promise<unknown>) => void;
  fetch?: typeof fetch;
}

/** Deliveries in flight at once, per dispatcher (one per session object). */
export const MAX_IN_FLIGHT = 4;
/** Deliveries waiting beyond this are dropped (and logged) rather than growing memory without bound. */
export const MAX_QUEUED = 500;
/** Receiver statuses worth another attempt; any other non-2xx is final. */
const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export class WebhookDispatcher {
  private readonly queue: Array<() => Promise<void>> = [];
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly hooks: readonly WebhookHook[],
    private readonly opts: WebhookOptions,
  ) {}

  /** Queues this event for every hook that wants it; returns at once. */
  dispatch(event: Omit<HookPayload, "id">): void {
    const targets = this.hooks.filter((h) => h.events.some((glob) => matchesGlob(glob, event.type)));
    if (!targets.length) return;
    const payload: HookPayload = { id: `${event.sessionId}:${event.seq}`, ...event };
    const body = JSON.stringify(payload);
    for (const hook of targets) {
      if (this.queue.length >= MAX_QUEUED) {
        console.warn(`webhook ${originOf(hook.url)}: queue full, dropped ${payload.type} ${payload.id}`);
        continue;
      }
      this.queue.push(() => deliver(hook, payload, body, this.opts));
    }
    this.pump();
  }

  /** Resolves when nothing is queued or in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length) {
      const job = this.queue.shift()!;
      this.inFlight++;
      const done = job()
        .catch((e: unknown) => console.error("webhook delivery crashed", e))
        .finally(() => {
          this.inFlight--;
          this.pump();
          if (this.inFlight === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
      this.opts.waitUntil?.(done);
    }
  }
}

/** The X-Hook-Signature value for a body sent at `timestamp` (unix seconds). */
export async function signHookBody(secret: string, timestamp: number, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(`${timestamp}.${body}`)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

async function deliver(hook: WebhookHook, payload: HookPayload, body: string, opts: WebhookOptions): Promise<void> {
  let failure = "";
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, opts.retryBaseMs * 2 ** (attempt - 2)));
    // Signed afresh each attempt: receivers refuse stale timestamps.
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await safeFetch(hook.url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-hook-id": payload.id,
          "x-hook-event": payload.type,
          "x-hook-attempt": String(attempt),
          "x-hook-timestamp": String(timestamp),
          "x-hook-signature": await signHookBody(hook.secret, timestamp, body),
        },
        allowPrivate: opts.allowPrivate,
        timeoutMs: opts.timeoutMs,
        maxBytes: 1024,
        maxRedirects: 0,
        fetch: opts.fetch,
      });
      if (res.status >= 200 && res.status < 300) return;
      failure = `HTTP ${res.status}`;
      if (!RETRY_STATUSES.has(res.status)) break;
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
      // A refused address or a redirect will not change on retry.
      if (e instanceof FetchError && (e.kind === "refused" || e.kind === "redirects")) break;
    }
  }
  // The URL's path and query may hold a credential (Slack-style webhook URLs): log the origin only.
  console.warn(`webhook ${originOf(hook.url)}: gave up on ${payload.type} ${payload.id}: ${failure}`);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(invalid url)";
  }
}
