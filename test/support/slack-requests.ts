// Slack requests as Slack sends them, signed with the test signing secret, for tests inside workerd:
// Events API callbacks to POST /slack/events, and interactivity payloads (button clicks) to
// POST /slack/interactions.
import { env } from "cloudflare:workers";
import { slackSignature } from "../../src/platforms/slack/slack-signature";
import { call } from "./worker-http";

export {
  appMention,
  blockActions,
  BOT_USER,
  memberJoinedChannel,
  directMessage,
  directMessageChanged,
  eventCallback,
  TEAM_ID,
  uniqueChannel,
  uniqueTs,
} from "./slack-payloads";

const SIGNING_SECRET = (env as unknown as Record<string, string>).SLACK_SIGNING_SECRET!;
type SigningOptions = { timestamp?: number; secret?: string; headers?: Record<string, string>; signature?: string | null };

export function postSlack(payload: unknown, opts: SigningOptions = {}): Promise<Response> {
  return postSigned("/slack/events", JSON.stringify(payload), "application/json", opts);
}

/** An interactivity payload, form-encoded as `payload=<JSON>` like Slack sends it. */
export function postSlackInteraction(payload: unknown, opts: SigningOptions = {}): Promise<Response> {
  return postSigned("/slack/interactions", new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), "application/x-www-form-urlencoded", opts);
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
