// POST /slack/events: Slack's Events API request URL (docs/slack.md). The signature is verified over
// the raw body before anything is parsed; url_verification is answered; an event is handed to the
// channel's ChatObject (which drops Slack's retries by event_id and does the work) and acknowledged
// at once, well within Slack's 3 seconds.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/app-env";
import { badRequest, HttpError } from "../../http/errors";
import { chatObject } from "../chat-object";
import { SlackEnvelope, SlackEventCallback, SlackUrlVerification, slackChatMessage } from "./slack-event";
import { verifySlackRequest, type SlackVerification } from "./slack-signature";

const REFUSALS: Record<Exclude<SlackVerification, { ok: true }>["reason"], string> = {
  missing_signature: "The X-Slack-Signature and X-Slack-Request-Timestamp headers are required.",
  stale_timestamp: "X-Slack-Request-Timestamp is more than 5 minutes away from our clock.",
  bad_signature: "X-Slack-Signature does not match the request (check SLACK_SIGNING_SECRET).",
};

export const slackRoutes = new Hono<AppEnv>().post("/events", async (c) => {
  const { SLACK_SIGNING_SECRET, SLACK_BOT_TOKEN } = c.get("config");
  if (!SLACK_SIGNING_SECRET) throw new HttpError(404, "slack_not_configured", "The Slack app is not configured: set SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN.");
  const rawBody = await c.req.text();
  const verified = await verifySlackRequest({
    signingSecret: SLACK_SIGNING_SECRET,
    timestamp: c.req.header("x-slack-request-timestamp"),
    signature: c.req.header("x-slack-signature"),
    rawBody,
    nowMs: Date.now(),
  });
  if (!verified.ok) throw new HttpError(401, verified.reason, REFUSALS[verified.reason]);

  const payload = parsePayload(rawBody);
  const { type } = parseOrBadRequest(SlackEnvelope, payload);
  if (type === "url_verification") return c.json({ challenge: parseOrBadRequest(SlackUrlVerification, payload).challenge });
  if (type !== "event_callback") return c.json({ ok: true });
  const callback = parseOrBadRequest(SlackEventCallback, payload);
  const message = slackChatMessage(callback);
  if (!message) return c.json({ ok: true });
  if (!SLACK_BOT_TOKEN) throw new HttpError(503, "slack_not_configured", "The Slack app cannot reply: set SLACK_BOT_TOKEN.");
  await chatObject(c.env, message).accept(`event:${callback.event_id}`, message);
  return c.json({ ok: true });
});

function parsePayload(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw badRequest("invalid_json", "The request body is not valid JSON.");
  }
}

function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest("invalid_request", z.prettifyError(r.error));
  return r.data;
}
