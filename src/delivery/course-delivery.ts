// Where a course's lessons go (its `deliver`: a list of {platform, to}, one per chat or channel of a
// registered platform; the older {"telegramChatId", "slackChannel"} object is still accepted and kept
// as given) and how one lesson gets there: the announcement, the lesson (chat-sender.ts), and the
// "Quiz me" offer when the lesson has exercises to check, each part once (a retry sends only the parts
// that did not arrive). Courses deliver through here and never import a channel.
import * as z from "zod";
import type { Env } from "../env";
import type { LessonBucket } from "../lessons/store";
import type { DeliveryEntry, OutgoingMessage } from "../platforms/chat-platform";
import { CHAT_PLATFORMS, chatPlatform, registeredPlatform, type ChatTarget, type PlatformName } from "../platforms/registry";
import { ChatSender } from "./chat-sender";

const names: readonly string[] = CHAT_PLATFORMS.map((p) => p.name);

/** One target: a registered platform, and a `to` that platform accepts. */
const DeliveryEntrySchema = z
  .strictObject({
    platform: z.string().refine((name) => names.includes(name), { error: `must be one of ${names.join(", ")}` }),
    to: z.union([z.string(), z.number()]),
  })
  .superRefine((entry, ctx) => {
    const checked = registeredPlatform(entry.platform)?.delivery.to.safeParse(entry.to);
    for (const issue of checked?.success === false ? checked.error.issues : []) ctx.addIssue({ code: "custom", path: ["to"], message: issue.message });
  });

/** The older shape: one field per platform that names one ({"telegramChatId": …, "slackChannel": …}). */
const LegacyDelivery = z.strictObject(
  Object.fromEntries(CHAT_PLATFORMS.flatMap((p) => (p.delivery.legacyField ? [[p.delivery.legacyField, p.delivery.to.optional()]] : []))),
);

/** A target's key in a course's record of what each period delivered (`telegram:123`, one per chat). */
const targetKey = (e: DeliveryEntry) => `${e.platform}:${e.to}`;

/**
 * The chat an entry names: a chat id's number (`to: 42` and `"42"`; each platform refuses other spellings, "042"),
 * a Telegram @username in any case (they are case-insensitive). Only for telling two entries apart: records keep targetKey.
 */
const sameChatKey = (e: DeliveryEntry) => targetKey({ ...e, to: e.platform === "telegram" ? String(e.to).toLowerCase() : e.to });

/** One chat named twice (`to: 1` and `to: "1"`, `@Chan` and `@chan`) got every lesson twice: refused. */
const DeliveryList = z
  .array(DeliveryEntrySchema)
  .max(20)
  .superRefine((list, ctx) => {
    const keys = list.map(sameChatKey);
    keys.forEach((key, i) => {
      if (keys.indexOf(key) < i) ctx.addIssue({ code: "custom", path: [i, "to"], message: `the same chat as deliver[${keys.indexOf(key)}]: name each once` });
    });
  });

/** A course's `deliver`, as the caller gives it (and as the course shows it). */
export const CourseDeliverySchema = z.union([DeliveryList, LegacyDelivery]).default({});

export type CourseDelivery = z.output<typeof CourseDeliverySchema>;

export interface DeliveryTarget {
  /** Recorded per period once served, so a retry does not deliver twice. */
  key: string;
  platform: PlatformName;
  to: ChatTarget;
  /** The chat it is in (chatKeyOf): what a chat's /start names to take it back once given up. */
  chat: string;
}

/**
 * The chat `to` is in, as `platform:chat id`: a topic's chat ("-100123/7" is -100123), as a chat's reachability is
 * the chat's, not one topic's. As spelled: a new course's chat id is spelled as Telegram gives it (telegram-delivery-to.ts);
 * the index of chats given up reads one stored before that ("042") as chat 42 (chat-resume.ts indexedChat). A chat
 * named by @username is found by a /start whose update says that username (a public supergroup's; a channel sends none).
 */
export const chatKeyOf = (platform: string, to: string | number) => `${platform}:${String(to).split("/")[0]}`;

/** The chats and channels `deliver` names, whichever its shape. */
function deliveryEntries(deliver: CourseDelivery): DeliveryEntry[] {
  if (Array.isArray(deliver)) return deliver;
  return CHAT_PLATFORMS.flatMap((p) => {
    const to = p.delivery.legacyField ? deliver[p.delivery.legacyField] : undefined;
    return to === undefined || to === "" ? [] : [{ platform: p.name, to }];
  });
}

/** The course's targets. */
export function courseTargets(deliver: CourseDelivery): DeliveryTarget[] {
  return deliveryEntries(deliver).flatMap((e) => {
    const platform = registeredPlatform(e.platform);
    // A course listing one chat per platform (the older shape) recorded the platform's name as its key.
    const key = Array.isArray(deliver) ? targetKey(e) : e.platform;
    return platform ? [{ key, platform: platform.name, to: platform.delivery.target(e.to), chat: chatKeyOf(e.platform, e.to) }] : [];
  });
}

/** Why a course could never be delivered with the deployment's settings (a target's platform is not set up), or undefined. */
export function unconfiguredDelivery(env: Env, deliver: CourseDelivery): string | undefined {
  for (const t of courseTargets(deliver)) {
    const platform = registeredPlatform(t.platform);
    const why = platform?.delivery.unconfigured(env);
    if (why) return `deliver.${Array.isArray(deliver) ? t.platform : platform?.delivery.legacyField} ${why}`;
  }
  return undefined;
}

/** How far one target's delivery got: the announcement arrived (follow-ups go to `next`), then the lesson's parts. */
export interface DeliveryProgress {
  /** Where the announcement said the rest goes (Slack: its thread), so a retry puts it in the same place. */
  next: ChatTarget;
  /** The lesson's parts that arrived (Telegram: its text, then its document: ChatPlatform.sendLesson). */
  lessonParts: number;
  lessonSent: boolean;
}

/** What one target gets: the announcement `text`, the lesson, then `offer` (its quiz) where the lesson went. */
export interface LessonDelivery {
  text: string;
  lessonKey: string;
  offer?: OutgoingMessage;
}

/**
 * Sends the parts of the lesson's delivery that have not reached `target` yet: `done` is what an earlier
 * attempt got there, and `record` hears of each part as it arrives, so a failure part way costs a retry
 * only the rest.
 */
export async function deliverLesson(
  env: Env,
  lessons: LessonBucket,
  target: DeliveryTarget,
  { text, lessonKey, offer }: LessonDelivery,
  done: DeliveryProgress | undefined,
  record: (progress: DeliveryProgress) => void,
): Promise<void> {
  const platform = chatPlatform(target.platform, env);
  const next = done?.next ?? (await platform.send(target.to, { text }));
  if (!done) record({ next, lessonParts: 0, lessonSent: false });
  if (!done?.lessonSent) {
    const sent = (lessonParts: number) => record({ next, lessonParts, lessonSent: false });
    await new ChatSender(platform, lessons).sendLesson(next, lessonKey, done?.lessonParts ?? 0, sent);
    record({ next, lessonParts: 0, lessonSent: true });
  }
  if (offer) await platform.send(next, offer);
}

/** Whether a course delivering to `deliver` sends its lessons to the chat `chat` stands for (same platform and chat or channel). */
export function deliversTo(deliver: CourseDelivery, chat: DeliveryEntry): boolean {
  return deliveryEntries(deliver).some((e) => e.platform === chat.platform && String(e.to) === String(chat.to));
}
