// Outbound webhooks (WEBHOOKS; HOOKS is the deprecated name): every trace event whose type a webhook asks
// for is POSTed to its URL as JSON, signed two ways so any receiver can check it came from us and is fresh:
// - Standard Webhooks (standardwebhooks.com), verifiable with its libraries:
//     webhook-id: <the event's id, stable across attempts>   webhook-timestamp: <unix seconds>
//     webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">
//   under the secret's bytes: base64-decoded when it is `whsec_<base64>`, else its UTF-8 bytes (the
//   libraries' "raw" format);
// - ours, as before: X-Hook-Timestamp and X-Hook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">.
// This file makes one attempt; webhook-outbox.ts keeps deliveries durably and retries them. URLs obey the
// tools' address rule (ssrf.ts) and redirects are not followed.
import * as z from "zod";
import { EVENT_TYPES } from "./event-catalogue";
import { matchesGlob } from "../../lib/glob";
import { FetchError, safeFetch } from "../../tools/safe-fetch";
import { errorMessage } from "../../lib/error-message";

/** Attempts are never delivered (each would make another): a glob naming only them would be accepted and never sent. */
const isDelivered = (type: string) => !type.startsWith("webhook.");
const DELIVERED_TYPES = EVENT_TYPES.filter(isDelivered);

const EventGlob = z
  .string()
  .min(1)
  .refine((glob) => DELIVERED_TYPES.some((type) => matchesGlob(glob, type)), {
    error: `matches no event type a webhook is sent; known: ${DELIVERED_TYPES.join(", ")}`,
  });

export const WebhookHookSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }),
  /** Event types or globs over them: "run.completed", "approval.*", "*". */
  events: z.array(EventGlob).min(1),
  secret: z.string().min(16, "use a random secret of at least 16 characters"),
});
// One entry per URL: the outbox keys a delivery by event and URL, and signs it with that URL's secret, so a
// second entry's events went signed with the first one's secret, and an event both wanted went once.
export const WebhookHooksSchema = z.array(WebhookHookSchema).superRefine((hooks, ctx) => {
  hooks.forEach(({ url }, i) => {
    if (hooks.findIndex((h) => h.url === url) < i)
      ctx.addIssue({ code: "custom", path: [i, "url"], message: "another entry has this url: list all its events in one entry, under one secret" });
  });
});
export type WebhookHook = z.output<typeof WebhookHookSchema>;

/** One trace event as a webhook receives it (the body's JSON). */
export interface HookPayload {
  /** The event's id (`evt_…`, trace-store.ts): unique forever and stable across retries of one delivery, so receivers deduplicate on it (it is also `webhook-id`). */
  id: string;
  sessionId: string;
  runId: string | null;
  seq: number;
  at: string;
  type: string;
  data: Record<string, unknown>;
}

/** Whether `hook` wants events of `type`. Attempts are never delivered: each would make another. */
export const wantsEvent = (hook: WebhookHook, type: string) => isDelivered(type) && hook.events.some((glob) => matchesGlob(glob, type));

export interface AttemptOptions {
  allowPrivate: boolean;
  /** One attempt's deadline. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type AttemptResult = { delivered: true; status: number } | { delivered: false; retry: boolean; status?: number; error: string };

/** Receiver statuses worth another attempt; any other non-2xx is final. */
const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

async function hmac(key: Uint8Array, text: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text)));
}

/** The X-Hook-Signature value for a body sent at `timestamp` (unix seconds). */
export async function signHookBody(secret: string, timestamp: number, body: string): Promise<string> {
  const mac = await hmac(new TextEncoder().encode(secret), `${timestamp}.${body}`);
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The Standard Webhooks `webhook-signature` value. */
export async function signStandardWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = secret.startsWith("whsec_") ? Uint8Array.from(atob(secret.slice(6)), (c) => c.charCodeAt(0)) : new TextEncoder().encode(secret);
  const mac = await hmac(key, `${id}.${timestamp}.${body}`);
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

/** POSTs the payload once; signed afresh, since receivers refuse stale timestamps. */
export async function attemptDelivery(hook: WebhookHook, payload: HookPayload, body: string, attempt: number, opts: AttemptOptions): Promise<AttemptResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await safeFetch(hook.url, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "webhook-id": payload.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": await signStandardWebhook(hook.secret, payload.id, timestamp, body),
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
    if (res.status >= 200 && res.status < 300) return { delivered: true, status: res.status };
    return { delivered: false, retry: RETRY_STATUSES.has(res.status), status: res.status, error: `HTTP ${res.status}` };
  } catch (e) {
    // A refused address or a redirect will not change on retry.
    const final = e instanceof FetchError && (e.code === "refused" || e.code === "redirects");
    return { delivered: false, retry: !final, error: errorMessage(e) };
  }
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(invalid url)";
  }
}
