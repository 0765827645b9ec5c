// A chat that is back takes back what its courses gave up (src/courses/chat-resume.ts, docs/courses.md#resuming),
// and says which go on there and when each one's next lesson comes:
// - Telegram's /start (what its Restart button sends once a person unblocks the bot): after the help, in the
//   person's language; in a public supergroup also the courses naming it by its @username (a channel sends no /start);
// - the app itself added back to a Slack channel (member_joined_channel): one message in the channel, only when
//   some course took it back (most joins: none, and nothing is said). Nobody spoke, so no person's language:
//   the courses' own (the language they were made in) when every one that records one records the same, else English.
import { resumeChat, type ResumedCourse } from "../courses/chat-resume";
import { chatKeyOf } from "../delivery/course-delivery";
import type { Env } from "../env";
import { fill } from "../lib/phrase-book";
import type { DeliveryEntry, PlatformShapes } from "../platforms/chat-platform";
import { chatPhrases, type ChatPhrases } from "../platforms/chat-phrases";

/**
 * The reply to /start `message` from `chat` (the platform's courseDelivery of it): the help, then the courses taken
 * back, those that gave the chat up under the message's `publicName` ("@username") too.
 */
export async function startReply(env: Env, chat: DeliveryEntry, help: string, say: ChatPhrases, message: PlatformShapes["message"]): Promise<string> {
  const named = message.publicName ? [chatKeyOf(chat.platform, message.publicName)] : [];
  const resumed = await resumeChat(env, chatKeyOf(chat.platform, chat.to), ...named);
  return [help, ...resumed.map((c) => resumedLine(c, say))].join("\n\n");
}

/** What the app says in `chat` when it was added back to it: the courses taken back; undefined when none was. */
export async function rejoinedNote(env: Env, chat: DeliveryEntry): Promise<string | undefined> {
  const resumed = await resumeChat(env, chatKeyOf(chat.platform, chat.to));
  if (resumed.length === 0) return undefined;
  const languages = new Set(resumed.flatMap((c) => (c.language ? [c.language] : [])));
  const say = await chatPhrases(env.ASSETS, languages.size === 1 ? [...languages][0] : undefined);
  return resumed.map((c) => resumedLine(c, say)).join("\n\n");
}

/** A course's line: when its next lesson is due later, that time (UTC); a course due now, or with late lessons only, gets one shortly. */
function resumedLine({ topic, nextLessonAt }: ResumedCourse, say: ChatPhrases): string {
  if (!nextLessonAt || Date.parse(nextLessonAt) <= Date.now()) return fill(say.courseResumedNow, { topic });
  return fill(say.courseResumed, { topic, when: nextLessonAt.slice(0, 16).replace("T", " ") });
}
