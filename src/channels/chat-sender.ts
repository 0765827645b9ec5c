// Sends to a chat: text, "typing", and saved lessons. The bots' replies and the courses' daily
// deliveries go through here, so both render a lesson the same way: on Telegram as a Markdown
// document, on Slack as the lesson's text in the thread of the announcing message. The approval
// buttons go out and get their answers here too: an inline keyboard on Telegram, Block Kit on Slack.
import type { Config } from "../config";
import type { QuizMessage } from "../learning/chat-quiz";
import { getLesson, type LessonBucket } from "../tools/lesson-store";
import type { ButtonMessage } from "./approval-buttons";
import type { ChatTarget } from "./chat-message";
import { approvalBlocks, decidedBlocks } from "./slack/slack-approval";
import { SlackApi } from "./slack/slack-api";
import { approvalKeyboard } from "./telegram/telegram-approval";
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
    await this.sendLessons(to.platform === "slack" ? { ...to, threadTs: to.threadTs ?? ts } : to, lessonKeys);
  }

  async sendLessons(to: ChatTarget, keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.lesson(to, key);
  }

  /** The prompt for one approval with its buttons (Slack: in the thread). */
  async approvalButtons(to: ChatTarget, prompt: string, approvalId: string): Promise<void> {
    if (to.platform === "telegram") await this.telegram().sendMessage(to.chatId, prompt, approvalKeyboard(approvalId));
    else await this.slack().postBlocks(to.channel, prompt, approvalBlocks(prompt, approvalId), to.threadTs);
  }

  /** A quiz message with its buttons (chat-quiz.ts): an inline keyboard on Telegram, plain text on Slack for now. */
  async quiz(to: ChatTarget, message: QuizMessage): Promise<void> {
    if (to.platform === "telegram" && message.buttons?.length) {
      const keyboard = { inline_keyboard: message.buttons.map((row) => row.map((b) => ({ text: b.label, callback_data: b.value }))) };
      await this.telegram().sendMessage(to.chatId, message.text, keyboard);
    } else await this.text(to, message.text);
  }

  /** Ends a clicked button's loading state on Telegram. */
  async acknowledgeClick(at: ButtonMessage): Promise<void> {
    if (at.platform === "telegram") await this.telegram().answerCallbackQuery(at.callbackQueryId, "");
  }

  /** After a decision: tells the person who clicked, and rewrites the message with `note` instead of the buttons. */
  async approvalDecided(at: ButtonMessage, prompt: string, note: string, confirmation: string): Promise<void> {
    if (at.platform === "telegram") {
      await this.telegram().answerCallbackQuery(at.callbackQueryId, confirmation);
      await this.telegram().editMessageText(at.chatId, at.messageId, `${prompt}\n\n${note}`);
    } else {
      await this.slack().update(at.channel, at.ts, prompt, decidedBlocks(prompt, note));
    }
  }

  /** Tells only the person who clicked why the click did nothing. */
  async refuseClick(at: ButtonMessage, text: string): Promise<void> {
    if (at.platform === "telegram") await this.telegram().answerCallbackQuery(at.callbackQueryId, text);
    else await this.slack().postEphemeral(at.channel, at.userId, text, at.threadTs);
  }

  private async lesson(to: ChatTarget, key: string): Promise<void> {
    // The bot delivers what its own runs saved: read as the admin.
    const lesson = await getLesson(this.lessons, key, null);
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
