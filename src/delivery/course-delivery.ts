// Where a course's lessons go (its `deliver`: a Telegram chat, a Slack channel, both or neither) and
// how one lesson gets there: the announcement, the lesson (chat-sender.ts), and the "Quiz me" offer
// when the lesson has exercises to check. Courses deliver through here and never import a channel.
import { chatPlatform, type ChatTarget, type PlatformName } from "../platforms/registry";
import type { OutgoingMessage } from "../platforms/chat-platform";
import type { Config } from "../config";
import type { CourseDelivery } from "../courses/course-input";
import type { LessonBucket } from "../lessons/store";
import { ChatSender } from "./chat-sender";

export interface DeliveryTarget {
  /** Recorded per period once served, so a retry does not deliver twice. */
  name: PlatformName;
  to: ChatTarget;
}

export function courseTargets(deliver: CourseDelivery): DeliveryTarget[] {
  const targets: DeliveryTarget[] = [];
  if (deliver.telegramChatId !== undefined) targets.push({ name: "telegram", to: { platform: "telegram", chatId: deliver.telegramChatId } });
  if (deliver.slackChannel) targets.push({ name: "slack", to: { platform: "slack", channel: deliver.slackChannel } });
  return targets;
}

/** Sends `text`, then the lesson, then `offer` (its quiz) where the lesson went. */
export async function deliverLesson(config: Config, lessons: LessonBucket, target: DeliveryTarget, text: string, lessonKey: string, offer?: OutgoingMessage) {
  const platform = chatPlatform(target.name, config);
  const next = await new ChatSender(platform, lessons).answer(target.to, text, [lessonKey]);
  if (offer) await platform.send(next, offer);
}

/** Whether a course delivering to `deliver` sends its lessons to the chat `chat` stands for (same chat id or channel). */
export function deliversTo(deliver: CourseDelivery, chat: CourseDelivery): boolean {
  const entries = Object.entries(chat).filter(([, v]) => v !== undefined);
  return entries.length > 0 && entries.every(([k, v]) => String(deliver[k as keyof CourseDelivery]) === String(v));
}
