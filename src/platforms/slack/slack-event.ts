// The parts of Slack's Events API payloads the app reads (https://api.slack.com/apis/events-api).
// Answered: app_mention in channels, and direct messages (message with channel_type "im"), a file share
// bringing its file along and a thread reply also sent to the conversation (thread_broadcast) read like
// any. What the app cannot act on is answered with why (unreadable-message.ts): a person's edit of a
// direct message, several files at once, a file without a download link, a message with nothing to read.
// Never answered: anything from a bot (our own replies included, so the app cannot talk to itself),
// other message subtypes (deletions, joins, link previews added to a message) and channel messages that
// do not mention the app. The app itself added to a channel (member_joined_channel naming its own user,
// which the callback's authorizations say) is not a person's message: the conversation takes the channel back
// into the courses that gave it up (src/channels/chat-course-resume.ts). Anyone else joining is not read.
import * as z from "zod";
import { replaceAngleMarkup } from "../angle-markup";
import type { SlackShapes } from "./slack-platform";

/** The subtypes that are a person's new message. */
const PERSON_SUBTYPES = new Set(["file_share", "thread_broadcast"]);

export const SlackEnvelope = z.object({ type: z.string() });
export const SlackUrlVerification = z.object({ type: z.literal("url_verification"), challenge: z.string() });
export const SlackEventCallback = z.object({
  type: z.literal("event_callback"),
  team_id: z.string().min(1),
  event_id: z.string().min(1),
  // Whom the event was delivered for: the app's bot user (user_id), which is how a join is known to be the app's own.
  authorizations: z.array(z.looseObject({ user_id: z.string().optional() })).optional(),
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
    // The message as edited (subtype message_changed); `edited` is there only when a person changed its words.
    message: z
      .object({ user: z.string().optional(), bot_id: z.string().optional(), thread_ts: z.string().optional(), edited: z.unknown().optional() })
      .optional(),
  }),
});

export type SlackEventCallback = z.output<typeof SlackEventCallback>;

export function slackChatMessage(payload: SlackEventCallback): SlackShapes["message"] | undefined {
  const e = payload.event;
  if (e.subtype === "message_changed") return slackEdit(payload);
  if (e.type === "member_joined_channel") return slackAppJoined(payload);
  if (e.bot_id || (e.subtype && !PERSON_SUBTYPES.has(e.subtype)) || !e.user || !e.channel || !e.ts) return undefined;
  // A mention is answered in its thread (a new one under the mention); a DM in the conversation itself.
  const where =
    e.type === "app_mention"
      ? { threadTs: e.thread_ts ?? e.ts }
      : e.type === "message" && e.channel_type === "im"
        ? e.thread_ts
          ? { threadTs: e.thread_ts }
          : {}
        : undefined;
  if (!where) return undefined;
  const base = { platform: "slack" as const, teamId: payload.team_id, channel: e.channel, by: `slack:${e.user}`, ...where };
  const files = e.files ?? [];
  if (files.length > 1) return { ...base, text: "", unreadable: { kind: "files", count: files.length } };
  const file = files[0];
  // Slack sends some files by id alone (file_access "check_file_info"), which the app has no way to download.
  if (file && !file.url_private) return { ...base, text: "", unreadable: { kind: "unopenable_file" } };
  const text = plainSlackText(e.text ?? "");
  if (!text && !file) return { ...base, text: "", unreadable: { kind: "empty" } };
  return {
    ...base,
    // A file without words: the conversation asks about it in the person's language (chat-phrases.ts).
    text,
    ...(file ? { image: { ref: file.url_private!, ...(file.size !== undefined ? { bytes: file.size } : {}) } } : {}),
  };
}

/** The app's own user added to a channel (member_joined_channel): the channel, back. Another member joining: undefined. */
function slackAppJoined({ team_id: teamId, authorizations, event: e }: SlackEventCallback): SlackShapes["message"] | undefined {
  const self = authorizations?.[0]?.user_id;
  if (!self || e.user !== self || !e.channel) return undefined;
  return { platform: "slack", teamId, channel: e.channel, text: "", appJoined: true };
}

/** A person's edit of a direct message: answered with why it is not read. Mentions edited in a channel never arrive. */
function slackEdit(payload: SlackEventCallback): SlackShapes["message"] | undefined {
  const e = payload.event;
  const m = e.message;
  if (e.channel_type !== "im" || !e.channel || !m?.user || m.bot_id || m.edited === undefined) return undefined;
  return {
    platform: "slack",
    teamId: payload.team_id,
    channel: e.channel,
    by: `slack:${m.user}`,
    ...(m.thread_ts ? { threadTs: m.thread_ts } : {}),
    text: "",
    unreadable: { kind: "edit" },
  };
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
