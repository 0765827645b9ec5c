// Telegram's /start answers with the help, and when some course had given this chat up (the bot was blocked or
// removed), the chat is back: those courses take it back (src/courses/chat-resume.ts) and the reply says, in the
// person's language, which go on here and when each one's next lesson comes (docs/courses.md#resuming).
import { resumeChat, type ResumedCourse } from "../courses/chat-resume";
import { chatKeyOf } from "../delivery/course-delivery";
import type { Env } from "../env";
import { fill } from "../lib/phrase-book";
import type { DeliveryEntry } from "../platforms/chat-platform";
import type { ChatPhrases } from "../platforms/chat-phrases";

/** The reply to /start from `chat` (the platform's courseDelivery of the message): the help, then the courses taken back. */
export async function startReply(env: Env, chat: DeliveryEntry, help: string, say: ChatPhrases): Promise<string> {
  const resumed = await resumeChat(env, chatKeyOf(chat.platform, chat.to));
  return [help, ...resumed.map((c) => resumedLine(c, say))].join("\n\n");
}

/** A course's line: when its next lesson is due later, that time (UTC); a course due now, or with late lessons only, gets one shortly. */
function resumedLine({ topic, nextLessonAt }: ResumedCourse, say: ChatPhrases): string {
  if (!nextLessonAt || Date.parse(nextLessonAt) <= Date.now()) return fill(say.courseResumedNow, { topic });
  return fill(say.courseResumed, { topic, when: nextLessonAt.slice(0, 16).replace("T", " ") });
}
