// The parts of Slack's Events API payloads the app reads (https://api.slack.com/apis/events-api).
// Answered: app_mention in channels, and direct messages (message with channel_type "im"). Never
// answered: anything from a bot (our own replies included, so the app cannot talk to itself) and
// message subtypes (edits, deletions, joins) other than a file share, whose first file comes along.
import * as z from "zod";
import { replaceAngleMarkup } from "../angle-markup";
import { PHOTO_ONLY } from "../chat-platform";
import type { SlackShapes } from "./slack-platform";

export const SlackEnvelope = z.object({ type: z.string() });
export const SlackUrlVerification = z.object({ type: z.literal("url_verification"), challenge: z.string() });
export const SlackEventCallback = z.object({
  type: z.literal("event_callback"),
  team_id: z.string().min(1),
  event_id: z.string().min(1),
  event: z.object({
    type: z.string(),
    user: z.string().optional(),
    bot_id: z.string().optional(),
    subtype: z.string().optional(),
    text: z.string().optional(),
    channel: z.string().optional(),
    channel_type: z.string().optional(),
    ts: z.string().optional(),
    thread_ts: z.string().optional(),
    // Files shared with the message (a photo of homework): downloaded from url_private with the bot token.
    files: z.array(z.looseObject({ url_private: z.string().optional(), size: z.number().int().optional() })).optional(),
  }),
});

export type SlackEventCallback = z.output<typeof SlackEventCallback>;

export function slackChatMessage(payload: SlackEventCallback): SlackShapes["message"] | undefined {
  const e = payload.event;
  // A file share is a person's message too; other subtypes (edits, deletions, joins) are not.
  if (e.bot_id || (e.subtype && e.subtype !== "file_share") || !e.user || !e.channel || !e.ts) return undefined;
  const file = e.files?.find((f) => f.url_private);
  const text = plainSlackText(e.text ?? "");
  if (!text && !file) return undefined;
  const base = {
    platform: "slack" as const,
    teamId: payload.team_id,
    channel: e.channel,
    text: text || PHOTO_ONLY,
    by: `slack:${e.user}`,
    ...(file ? { image: { ref: file.url_private!, ...(file.size !== undefined ? { bytes: file.size } : {}) } } : {}),
  };
  // A mention is answered in its thread (a new one under the mention); a DM in the conversation itself.
  if (e.type === "app_mention") return { ...base, threadTs: e.thread_ts ?? e.ts };
  if (e.type === "message" && e.channel_type === "im") return { ...base, ...(e.thread_ts ? { threadTs: e.thread_ts } : {}) };
  return undefined;
}

/** Slack's message markup as plain text: mentions of users dropped, links and channels readable, entities decoded. */
function plainSlackText(text: string): string {
  const withoutMentions = replaceAngleMarkup(text, /^@[A-Z0-9]+(?:\|[^]*)?$/, () => "");
  const channelsRead = replaceAngleMarkup(withoutMentions, /^#[A-Z0-9]+\|([^]*)$/, (m) => `#${m[1]}`);
  return replaceAngleMarkup(channelsRead, /^((?:https?|mailto):[^|]+)(?:\|[^]*)?$/, (m) => m[1]!)
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .trim();
}
