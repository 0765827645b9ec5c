// The Telegram Bot API calls the bot makes: sendMessage, sendChatAction, sendDocument, and for the
// approval buttons editMessageText and answerCallbackQuery. The base URL
// is configurable (TELEGRAM_API_BASE) so tests point it at a local fake. Replies go out as plain text
// (no parse_mode): the model writes Markdown, and Telegram's Markdown/HTML modes reject a message with
// one unbalanced `*` or `<`, so plain text is the only mode that never loses a reply.
import { splitMessage } from "../split-message";
import { CodedError } from "../../lib/coded-error";

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_MESSAGE = 4096;
/** Longest wait we honour when Telegram asks us to slow down (429 with retry_after). */
const MAX_RETRY_AFTER_S = 30;

export type ChatId = number | string;

/** https://core.telegram.org/bots/api#inlinekeyboardmarkup (only callback buttons are used). */
export interface InlineKeyboardMarkup {
  inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
}

interface TelegramAnswer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export class TelegramApi {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  /** Sends `text` as one or more messages, cut at paragraph breaks to fit 4096 characters; `replyMarkup` goes on the last. */
  async sendMessage(chatId: ChatId, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void> {
    const pieces = splitMessage(text, TELEGRAM_MAX_MESSAGE);
    for (const [i, piece] of pieces.entries()) {
      const markup = replyMarkup && i === pieces.length - 1 ? { reply_markup: replyMarkup } : {};
      await this.call("sendMessage", () => json({ chat_id: chatId, text: piece, link_preview_options: { is_disabled: true }, ...markup }));
    }
  }

  /** Replaces a message's text; its inline keyboard goes away unless `replyMarkup` gives a new one. */
  async editMessageText(chatId: ChatId, messageId: number, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void> {
    const markup = replyMarkup ? { reply_markup: replyMarkup } : {};
    await this.call("editMessageText", () => json({ chat_id: chatId, message_id: messageId, text: text.slice(0, TELEGRAM_MAX_MESSAGE), ...markup }));
  }

  /** Ends the button's loading state, showing `text` (at most 200 characters) to the person who clicked. */
  async answerCallbackQuery(callbackQueryId: string, text: string): Promise<void> {
    await this.call("answerCallbackQuery", () => json({ callback_query_id: callbackQueryId, text: text.slice(0, 200) }));
  }

  /** Shows "typing…" in the chat for about five seconds (or until the next message). */
  async sendTyping(chatId: ChatId): Promise<void> {
    await this.call("sendChatAction", () => json({ chat_id: chatId, action: "typing" }));
  }

  async sendDocument(chatId: ChatId, doc: { filename: string; content: string; caption?: string }): Promise<void> {
    await this.call("sendDocument", () => {
      const form = new FormData();
      form.set("chat_id", String(chatId));
      if (doc.caption) form.set("caption", doc.caption.slice(0, 1024));
      form.set("document", new Blob([doc.content], { type: "text/markdown" }), doc.filename);
      return { body: form };
    });
  }

  /** One API call; a 429 is retried after the wait Telegram asks for. The body is built per attempt. */
  private async call(method: string, body: () => { body: BodyInit; headers?: Record<string, string> }, attempt = 0): Promise<unknown> {
    const { body: payload, headers } = body();
    const res = await fetch(`${this.base.replace(/\/$/, "")}/bot${this.token}/${method}`, { method: "POST", body: payload, headers });
    const answer = (await res.json().catch(() => ({ ok: false, description: `HTTP ${res.status}` }))) as TelegramAnswer;
    if (answer.ok) return answer.result;
    const retryAfter = answer.parameters?.retry_after;
    if (res.status === 429 && attempt < 2 && retryAfter !== undefined && retryAfter <= MAX_RETRY_AFTER_S) {
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
      return this.call(method, body, attempt + 1);
    }
    throw new CodedError("telegram_api_failed", `Telegram ${method} failed (${answer.error_code ?? res.status}): ${answer.description ?? "no description"}`);
  }
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });
