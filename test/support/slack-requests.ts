// Slack Events API requests as Slack sends them to POST /slack/events, signed with the test signing
// secret, for tests inside workerd.
import { env } from "cloudflare:workers";
import { slackSignature } from "../../src/channels/slack/slack-signature";
import { call } from "./worker-http";

const SIGNING_SECRET = (env as unknown as Record<string, string>).SLACK_SIGNING_SECRET!;
export const TEAM_ID = "T0TEST";

let n = 0;
/** A Slack message ts no other test uses ("seconds.micros"). */
export const uniqueTs = () => `${Math.floor(Date.now() / 1000)}.${String(n++).padStart(6, "0")}`;
/** A channel id no other test uses. */
export const uniqueChannel = (prefix = "C") => `${prefix}${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

export function eventCallback(event: Record<string, unknown>, eventId = `Ev${uniqueTs().replace(".", "")}`) {
  return { token: "legacy", team_id: TEAM_ID, api_app_id: "A0TEST", type: "event_callback", event_id: eventId, event_time: Math.floor(Date.now() / 1000), event };
}

export function appMention(channel: string, text: string, extra: Record<string, unknown> = {}) {
  const ts = uniqueTs();
  return { type: "app_mention", user: "U0LEARNER", text: `<@U0BOT> ${text}`, ts, channel, event_ts: ts, ...extra };
}

export async function postSlack(
  payload: unknown,
  opts: { timestamp?: number; secret?: string; headers?: Record<string, string>; signature?: string | null } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = opts.signature === undefined ? await slackSignature(opts.secret ?? SIGNING_SECRET, timestamp, body) : opts.signature;
  return call("/slack/events", {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-slack-request-timestamp": timestamp,
      ...(signature === null ? {} : { "x-slack-signature": signature }),
      ...opts.headers,
    },
  });
}
