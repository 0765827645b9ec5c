// Telegram as a ChatPlatform (../chat-platform.ts): one Durable Object and one learner per chat, the
// chat's session `tg-<chat id>` (/new moves it on), replies in Telegram's HTML (telegram-html.ts), lessons
// as HTML messages (their Answer Key left for the quiz) with a link to the page where their formulas are
// rendered, then as Markdown documents; buttons as inline keyboards, and clicks answered with answerCallbackQuery.
import type { Env } from "../../env";
import { derivedId } from "../../lib/derived-ids";
import type { Unreadable } from "../unreadable-message";
import { type ChatImage, type ChatPlatform, type LessonFile, type OutgoingMessage } from "../chat-platform";
import { approvalKeyboard } from "./telegram-approval";
import { withoutAnswerKey } from "../../lessons/outline";
import { lessonPageLink } from "../lesson-page-url";
import type { ChatPhrases } from "../chat-phrases";
import { TelegramApi, type InlineKeyboardMarkup } from "./telegram-api";
import { TELEGRAM_HTML, telegramHtml } from "./telegram-html";
import { parseTelegramCommand } from "./telegram-commands";
import { telegramSettings } from "./settings";
import { CodedError } from "../../lib/coded-error";

export interface TelegramShapes {
  address: { platform: "telegram"; chatId: number };
  /** `by`: "telegram:<user id>", who wrote it; `image`: a photo or file it carries (its file_id). */
  message: { platform: "telegram"; chatId: number; text: string; by?: string; image?: ChatImage; unseenImage?: boolean; unreadable?: Unreadable };
  /** A chat id, or "@channelusername" for a course delivered to a channel. */
  target: { platform: "telegram"; chatId: number | string };
  button: { platform: "telegram"; chatId: number; messageId: number; callbackQueryId: string };
}

/** The Durable Object of a Telegram chat. */
export const telegramObjectName = (chatId: number) => `telegram:${chatId}`;

export class TelegramPlatform implements ChatPlatform<TelegramShapes> {
  /** The bot's own tenant: a chat's sessions and the courses it asks for belong to it. */
  static readonly tenant = "telegram";
  readonly tenant = TelegramPlatform.tenant;

  constructor(private readonly env: Env) {}

  /** Telegram sends the person's app language with every message and click. */
  async language(of: { language?: string }): Promise<string | undefined> {
    return of.language;
  }

  parseCommand(text: string, say: ChatPhrases) {
    return parseTelegramCommand(text, say);
  }

  sessionId(m: TelegramShapes["message"]): string {
    return derivedId("telegram", m.chatId);
  }

  /** The chat's first session id: the same chat stays the same learner after /new. */
  learnerId(a: TelegramShapes["address"]): string {
    return derivedId("telegram", a.chatId);
  }

  replyTarget(m: TelegramShapes["message"]): TelegramShapes["target"] {
    return { platform: "telegram", chatId: m.chatId };
  }

  clickTarget(at: TelegramShapes["button"]): TelegramShapes["target"] {
    return { platform: "telegram", chatId: at.chatId };
  }

  courseDelivery(a: TelegramShapes["address"]) {
    return { platform: "telegram", to: a.chatId };
  }

  async typing(to: TelegramShapes["target"]): Promise<void> {
    await this.api().sendTyping(to.chatId);
  }

  async send(to: TelegramShapes["target"], message: OutgoingMessage): Promise<TelegramShapes["target"]> {
    await this.api().sendHtml(to.chatId, telegramHtml(message.text).blocks, message.buttons?.length ? keyboard(message.buttons) : undefined);
    return to;
  }

  async sendLesson(to: TelegramShapes["target"], lesson: LessonFile, from = 0, sent?: (parts: number) => void): Promise<void> {
    const parts = [
      async () => {
        const { blocks, complexMath } = telegramHtml(withoutAnswerKey(lesson.markdown));
        const page = await lessonPageLink(this.env, lesson, complexMath);
        await this.api().sendHtml(to.chatId, [...blocks, ...(page ? [TELEGRAM_HTML.link(page.label, page.url)] : [])]);
      },
      () => this.api().sendDocument(to.chatId, { filename: lesson.key, content: lesson.markdown, caption: lesson.title }),
    ];
    for (let n = from; n < parts.length; n++) {
      await parts[n]!();
      sent?.(n + 1);
    }
  }

  async downloadImage(image: ChatImage, maxBytes: number): Promise<Uint8Array> {
    return this.api().downloadFile(image.ref, maxBytes);
  }

  async approvalButtons(to: TelegramShapes["target"], prompt: string, approvalId: string, say: ChatPhrases): Promise<void> {
    await this.api().sendMessage(to.chatId, prompt, approvalKeyboard(approvalId, say));
  }

  async approvalDecided(at: TelegramShapes["button"], prompt: string, note: string, confirmation: string): Promise<void> {
    await this.api().answerCallbackQuery(at.callbackQueryId, confirmation);
    await this.api().editMessageText(at.chatId, at.messageId, `${prompt}\n\n${note}`);
  }

  async refuseClick(at: TelegramShapes["button"], text: string): Promise<void> {
    await this.api().answerCallbackQuery(at.callbackQueryId, text);
  }

  async acknowledgeClick(at: TelegramShapes["button"]): Promise<void> {
    await this.api().answerCallbackQuery(at.callbackQueryId, "");
  }

  private api(): TelegramApi {
    const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_BASE } = telegramSettings(this.env);
    if (!token) throw new CodedError("chat_not_configured", "Telegram is not configured: set TELEGRAM_BOT_TOKEN.");
    return new TelegramApi(TELEGRAM_API_BASE, token);
  }
}

const keyboard = (rows: NonNullable<OutgoingMessage["buttons"]>): InlineKeyboardMarkup => ({
  inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.label, callback_data: b.value }))),
});
