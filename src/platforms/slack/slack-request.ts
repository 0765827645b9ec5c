// Reading a request Slack sent (events and interactions alike): the signature is verified over the raw
// body before anything is parsed (slack-signature.ts), then the payload is parsed and validated, each
// failure a 4xx in the contract's error shape.
import type { Context } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../http-kit/app-env";
import { badRequest, HttpError } from "../../lib/http-error";
import { slackSettings } from "./settings";
import { verifySlackRequest, type SlackVerification } from "./slack-signature";

const REFUSALS: Record<Exclude<SlackVerification, { ok: true }>["reason"], string> = {
  missing_signature: "The X-Slack-Signature and X-Slack-Request-Timestamp headers are required.",
  stale_timestamp: "X-Slack-Request-Timestamp is more than 5 minutes away from our clock.",
  bad_signature: "X-Slack-Signature does not match the request (check SLACK_SIGNING_SECRET).",
};

/** The raw body of a request Slack signed; 404 when Slack is not configured, 401 when the signature fails. */
export async function verifiedSlackBody(c: Context<AppEnv>): Promise<string> {
  const { SLACK_SIGNING_SECRET } = slackSettings(c.env);
  if (!SLACK_SIGNING_SECRET) throw new HttpError("slack_not_configured", "The Slack app is not configured: set SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN.");
  // Decoded by hand: workerd warns when .text() reads a form-encoded body (an interaction).
  const rawBody = new TextDecoder().decode(await c.req.arrayBuffer());
  const verified = await verifySlackRequest({
    signingSecret: SLACK_SIGNING_SECRET,
    timestamp: c.req.header("x-slack-request-timestamp"),
    signature: c.req.header("x-slack-signature"),
    rawBody,
    nowMs: Date.now(),
  });
  if (!verified.ok) throw new HttpError(verified.reason, REFUSALS[verified.reason]);
  return rawBody;
}

/** Slack can only reply once the bot token is set too. */
export function requireSlackBotToken(c: Context<AppEnv>): void {
  if (!slackSettings(c.env).SLACK_BOT_TOKEN) throw new HttpError("slack_cannot_reply", "The Slack app cannot reply: set SLACK_BOT_TOKEN.");
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("invalid_json", "The request body is not valid JSON.");
  }
}

export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest("invalid_request", z.prettifyError(r.error));
  return r.data;
}
