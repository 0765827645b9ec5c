// Sends to a chat: text, "typing", and saved lessons. The bots' replies and the courses' daily
// deliveries go through here, so both render a lesson the same way: on Telegram as a Markdown
// document, on Slack as the lesson's text in the thread of the announcing message.
import type { Config } from "../config";
import { getLesson, type LessonBucket } from "../tools/lesson-store";
import type { ChatTarget } from "./chat-message";
import { SlackApi } from "./slack/slack-api";
import { TelegramApi } from "./telegram/telegram-api";

export class ChatNotConfiguredError extends Error {}

export class ChatSender {
  constructor(
    private readonly config: Config,
    private readonly lessons: LessonBucket,
  ) {}

  async typing(to: ChatTarget): Promise<void> {
    // Slack has no typing indicator for bots outside the legacy RTM API.
    if (to.platform === "telegram") await this.telegram().sendTyping(to.chatId);
  }

  /** Sends text (split to fit); returns the Slack ts of the first message, for threading. */
  async text(to: ChatTarget, text: string): Promise<string | undefined> {
    if (to.platform === "telegram") {
      await this.telegram().sendMessage(to.chatId, text);
      return undefined;
    }
    return this.slack().postMessage(to.channel, text, to.threadTs);
  }

  /** An answer and the lessons it saved: the text first, then each lesson. */
  async answer(to: ChatTarget, text: string, lessonKeys: readonly string[]): Promise<void> {
    const ts = await this.text(to, text);
    for (const key of lessonKeys) await this.lesson(to.platform === "slack" ? { ...to, threadTs: to.threadTs ?? ts } : to, key);
  }

  private async lesson(to: ChatTarget, key: string): Promise<void> {
    const lesson = await getLesson(this.lessons, key);
    if (!lesson) return;
    if (to.platform === "telegram") {
      await this.telegram().sendDocument(to.chatId, { filename: key, content: lesson.markdown, caption: lesson.meta.title });
    } else {
      await this.slack().postMessage(to.channel, lesson.markdown, to.threadTs);
    }
  }

  private telegram(): TelegramApi {
    const token = this.config.TELEGRAM_BOT_TOKEN;
    if (!token) throw new ChatNotConfiguredError("Telegram is not configured: set TELEGRAM_BOT_TOKEN.");
    return new TelegramApi(this.config.TELEGRAM_API_BASE, token);
  }

  private slack(): SlackApi {
    const token = this.config.SLACK_BOT_TOKEN;
    if (!token) throw new ChatNotConfiguredError("Slack is not configured: set SLACK_BOT_TOKEN.");
    return new SlackApi(this.config.SLACK_API_BASE, token);
  }
}
