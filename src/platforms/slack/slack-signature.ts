// Slack's request signing (v0): X-Slack-Signature = "v0=" + hex(HMAC-SHA256(signing secret,
// "v0:<X-Slack-Request-Timestamp>:<raw body>")). The clock is a parameter so Slack's documented
// example vector (from 2018) verifies in a test; requests older or newer than 5 minutes are refused
// so a captured request cannot be replayed later.
import { timingSafeEqualStrings } from "../../lib/timing-safe";

/** How far a request's timestamp may be from our clock. */
export const SLACK_MAX_SKEW_SECONDS = 5 * 60;

export type SlackVerification = { ok: true } | { ok: false; reason: "missing_signature" | "stale_timestamp" | "bad_signature" };

export interface SignedSlackRequest {
  signingSecret: string;
  /** X-Slack-Request-Timestamp: seconds since the epoch. */
  timestamp: string | undefined;
  /** X-Slack-Signature. */
  signature: string | undefined;
  rawBody: string;
  nowMs: number;
}

export async function slackSignature(signingSecret: string, timestamp: string, rawBody: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(signingSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(`v0:${timestamp}:${rawBody}`)));
  return `v0=${Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export async function verifySlackRequest(r: SignedSlackRequest): Promise<SlackVerification> {
  if (!r.signature || !r.timestamp) return { ok: false, reason: "missing_signature" };
  if (!/^\d{1,12}$/.test(r.timestamp)) return { ok: false, reason: "bad_signature" };
  if (Math.abs(r.nowMs / 1000 - Number(r.timestamp)) > SLACK_MAX_SKEW_SECONDS) return { ok: false, reason: "stale_timestamp" };
  const expected = await slackSignature(r.signingSecret, r.timestamp, r.rawBody);
  return (await timingSafeEqualStrings(r.signature, expected)) ? { ok: true } : { ok: false, reason: "bad_signature" };
}
