// Slack requests as Slack sends them, signed with the test signing secret, for tests inside workerd:
// Events API callbacks to POST /slack/events, and interactivity payloads (button clicks) to
// POST /slack/interactions.
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
  return {
    token: "legacy",
    team_id: TEAM_ID,
    api_app_id: "A0TEST",
    type: "event_callback",
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    event,
  };
}

export function appMention(channel: string, text: string, extra: Record<string, unknown> = {}) {
  const ts = uniqueTs();
  return { type: "app_mention", user: "U0LEARNER", text: `<@U0BOT> ${text}`, ts, channel, event_ts: ts, ...extra };
}

type SigningOptions = { timestamp?: number; secret?: string; headers?: Record<string, string>; signature?: string | null };

export function postSlack(payload: unknown, opts: SigningOptions = {}): Promise<Response> {
  return postSigned("/slack/events", JSON.stringify(payload), "application/json", opts);
}

/** An interactivity payload, form-encoded as `payload=<JSON>` like Slack sends it. */
export function postSlackInteraction(payload: unknown, opts: SigningOptions = {}): Promise<Response> {
  return postSigned("/slack/interactions", new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), "application/x-www-form-urlencoded", opts);
}

/** A click on a button of the bot's message `messageTs` (in `threadTs`'s thread) in `channel`. */
export function blockActions(
  channel: string,
  messageTs: string,
  threadTs: string | undefined,
  action: { action_id: string; value: string },
  user = "U0LEARNER",
) {
  return {
    type: "block_actions",
    team: { id: TEAM_ID, domain: "test" },
    user: { id: user, username: "ada", name: "ada", team_id: TEAM_ID },
    api_app_id: "A0TEST",
    token: "legacy",
    container: { type: "message", message_ts: messageTs, channel_id: channel, is_ephemeral: false, ...(threadTs ? { thread_ts: threadTs } : {}) },
    trigger_id: "1.2.3",
    channel: { id: channel, name: "learning" },
    message: { type: "message", ts: messageTs, bot_id: "B0BOT", text: "(the prompt)", ...(threadTs ? { thread_ts: threadTs } : {}) },
    response_url: "https://hooks.slack.invalid/actions/T0TEST/1/x",
    actions: [{ ...action, block_id: "approval", type: "button", action_ts: uniqueTs() }],
  };
}

async function postSigned(path: string, body: string, contentType: string, opts: SigningOptions): Promise<Response> {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = opts.signature === undefined ? await slackSignature(opts.secret ?? SIGNING_SECRET, timestamp, body) : opts.signature;
  return call(path, {
    method: "POST",
    body,
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": timestamp,
      ...(signature === null ? {} : { "x-slack-signature": signature }),
      ...opts.headers,
    },
  });
}
