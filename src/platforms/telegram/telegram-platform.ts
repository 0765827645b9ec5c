// Telegram as a ChatPlatform (../chat-platform.ts): one Durable Object per chat, one conversation and
// learner per chat, and in a forum one per topic (as Slack has a conversation per thread): the chat's session
// `tg-<chat id>`, a topic's `tg-<chat id>-t<topic id>` (/new moves either on), everything said in a topic
// sent back to it. Replies in Telegram's HTML (telegram-html.ts), lessons as HTML messages (their Answer
// Key left for the quiz) with a link to the page where their formulas are rendered, then as Markdown
// documents; buttons as inline keyboards, and clicks answered with answerCallbackQuery.
import type { Env } from "../../env";
import { derivedId } from "../../lib/derived-ids";
import type { Unreadable } from "../unreadable-message";
import { type ChatAlbum, type ChatImage, type ChatPlatform, type LessonFile, type OutgoingMessage, type SentParts } from "../chat-platform";
import { approvalKeyboard } from "./telegram-approval";
import { withoutAnswerKey } from "../../lessons/outline";
import { formulaNote, lessonPageLink } from "../lesson-page-url";
import { noteBlocks } from "../chat-markdown";
import type { ChatPhrases } from "../chat-phrases";
import { TelegramApi, type InlineKeyboardMarkup } from "./telegram-api";
import { TELEGRAM_HTML, telegramHtml } from "./telegram-html";
import { parseTelegramCommand } from "./telegram-commands";
import { telegramSettings } from "./settings";
import { CodedError } from "../../lib/coded-error";

/**
 * `threadId`, wherever it is: the forum topic (message_thread_id of a message Telegram marks
 * is_topic_message) the conversation is in; absent for a chat without topics and a forum's General topic.
 */
export interface TelegramShapes {
  address: { platform: "telegram"; chatId: number; threadId?: number };
  /**
   * `by`: "telegram:<user id>", who wrote it; `image`: a photo or file it carries (its file_id); `album`: its
   * album (media_group_id), whose photos become one message with `images` (telegram-update.ts); `publicName`:
   * a public supergroup's "@username".
   */
  message: {
    platform: "telegram";
    chatId: number;
    threadId?: number;
    text: string;
    by?: string;
    image?: ChatImage;
    images?: ChatImage[];
    unseenImage?: boolean;
    unreadable?: Unreadable;
    album?: ChatAlbum;
    publicName?: string;
  };
  /** A chat id, or "@channelusername" for a course delivered to a channel; in `threadId`'s topic when it is set. */
  target: { platform: "telegram"; chatId: number | string; threadId?: number };
  /** The clicked message: its chat, its topic, its id. */
  button: { platform: "telegram"; chatId: number; threadId?: number; messageId: number; callbackQueryId: string };
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

  /** The chat's (`tg-<chat id>`, kept from before topics), or its topic's (`tg-<chat id>-t<topic id>`). */
  sessionId(a: TelegramShapes["address"]): string {
    return derivedId("telegram", a.threadId === undefined ? a.chatId : [a.chatId, `t${a.threadId}`].join("-"));
  }

  /** The conversation's first session id: the same learner after /new; a forum topic is a learner of its own. */
  learnerId(a: TelegramShapes["address"]): string {
    return this.sessionId(a);
  }

  replyTarget(m: TelegramShapes["message"]): TelegramShapes["target"] {
    return { platform: "telegram", chatId: m.chatId, ...inTopic(m) };
  }

  /** The chat, and the topic, the clicked message is in. */
  clickTarget(at: TelegramShapes["button"]): TelegramShapes["target"] {
    return { platform: "telegram", chatId: at.chatId, ...inTopic(at) };
  }

  /** The chat, or the topic ("<chat id>/<topic id>", telegramDeliveryTarget): a course asked for in a topic delivers there. */
  courseDelivery(a: TelegramShapes["address"]) {
    return { platform: "telegram", to: a.threadId === undefined ? a.chatId : `${a.chatId}/${a.threadId}` };
  }

  async typing(to: TelegramShapes["target"]): Promise<void> {
    await this.api().sendTyping(to);
  }

  async send(to: TelegramShapes["target"], message: OutgoingMessage, parts?: SentParts<TelegramShapes["target"]>): Promise<TelegramShapes["target"]> {
    const { blocks, complexMath } = telegramHtml(message.text);
    const note = noteBlocks(TELEGRAM_HTML, complexMath ? await formulaNote(this.env, message.about) : undefined);
    const markup = message.buttons?.length ? keyboard(message.buttons) : undefined;
    await this.api().sendHtml(to, [...blocks, ...note], markup, parts?.from, parts && ((n) => parts.sent(n, to)));
    return to;
  }

  async sendLesson(to: TelegramShapes["target"], lesson: LessonFile, from = 0, sent?: (parts: number) => void): Promise<void> {
    const parts = [
      async () => {
        const { blocks, complexMath } = telegramHtml(withoutAnswerKey(lesson.markdown));
        const page = await lessonPageLink(this.env, lesson, complexMath);
        await this.api().sendHtml(to, [...blocks, ...noteBlocks(TELEGRAM_HTML, page)]);
      },
      () => this.api().sendDocument(to, { filename: lesson.key, content: lesson.markdown, caption: lesson.title }),
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
    await this.api().sendMessage(to, prompt, approvalKeyboard(approvalId, say));
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

/**
 * Where a course's `deliver` entry `to` sends (registered in index.ts): a chat id or "@channelusername",
 * or a forum topic as "<chat id>/<topic id>" (as t.me links name a topic), which /course in a topic gives.
 */
export function telegramDeliveryTarget(to: string | number): TelegramShapes["target"] {
  const topic = typeof to === "string" ? /^(-?\d+)\/(\d+)$/.exec(to) : null;
  return topic ? { platform: "telegram", chatId: topic[1]!, threadId: Number(topic[2]) } : { platform: "telegram", chatId: to };
}

const inTopic = (of: { threadId?: number }) => (of.threadId !== undefined ? { threadId: of.threadId } : {});

const keyboard = (rows: NonNullable<OutgoingMessage["buttons"]>): InlineKeyboardMarkup => ({
  inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.label, callback_data: b.value }))),
});
