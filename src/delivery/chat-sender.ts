// Sends a run's answer and the lessons it saved to a chat, through the chat's platform adapter. The
// bots' replies and the courses' daily deliveries both go through here, so a lesson looks the same
// either way: the text first, then each lesson (on Slack, in the thread of the text).
import type { ChatPlatform, PlatformShapes, SentParts } from "../platforms/chat-platform";
import { getLesson, type LessonBucket } from "../lessons/store";
import { readLesson } from "../lessons/validator";

export class ChatSender<P extends PlatformShapes> {
  constructor(
    private readonly platform: ChatPlatform<P>,
    private readonly lessons: LessonBucket,
  ) {}

  /**
   * The text, then each lesson; returns where follow-ups go (the lessons' place). A formula the chat cannot show
   * is noted in `language` (the person's), linking the page of the last lesson saved (OutgoingMessage.about). With
   * `parts`, the text from its part `parts.from` on (ChatPlatform.send).
   */
  async answer(to: P["target"], text: string, lessonKeys: readonly string[], language?: string, parts?: SentParts<P["target"]>): Promise<P["target"]> {
    const key = lessonKeys.at(-1);
    const about = { ...(key ? { lesson: { key, owner: this.platform.tenant } } : {}), ...(language ? { language } : {}) };
    const next = await this.platform.send(to, { text, about }, parts);
    await this.sendLessons(next, lessonKeys);
    return next;
  }

  async sendLessons(to: P["target"], keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.sendLesson(to, key);
  }

  /** One lesson, from its part `from` on (ChatPlatform.sendLesson), `sent` told of each part that arrives. */
  async sendLesson(to: P["target"], key: string, from = 0, sent?: (parts: number) => void): Promise<void> {
    // The bot delivers what its own runs saved: read as the admin.
    const lesson = await getLesson(this.lessons, key, null);
    if (!lesson) return;
    // zh-Hant for a Traditional Chinese lesson: the link under it is labelled in its script.
    const language = readLesson(lesson.markdown).tag;
    const { title, share } = lesson.meta;
    const file = { key, title, markdown: lesson.markdown, ...(language ? { language } : {}), ...(share ? { share } : {}) };
    await this.platform.sendLesson(to, file, from, sent);
  }
}
