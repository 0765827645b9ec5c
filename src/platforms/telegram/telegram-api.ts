// The Telegram Bot API calls the bot makes: sendMessage, sendChatAction, sendDocument, getFile (and the
// file's download), getMe (its own username), and for the approval buttons editMessageText and answerCallbackQuery. The base URL
// is configurable (TELEGRAM_API_BASE) so tests point it at a local fake. Answers go out in Telegram's HTML
// (parse_mode "HTML", made from the model's Markdown by telegram-html.ts); a message Telegram refuses to
// parse (400 "can't parse entities") is sent again as its plain text, so no reply is ever lost. Prompts
// and notes the bot writes itself go as plain text. Whatever goes to a forum topic carries its
// message_thread_id (sendMessage, sendDocument, sendChatAction), else Telegram posts it in the General topic.
import { splitMessage } from "../split-message";
import { CodedError } from "../../lib/coded-error";
import { FileTooLargeError, readCapped } from "../download-capped";
import { htmlToPlain, packHtml } from "./telegram-html";

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_MESSAGE = 4096;
/** Longest wait we honour when Telegram asks us to slow down (429 with retry_after). */
const MAX_RETRY_AFTER_S = 30;

export type ChatId = number | string;

/** Where a message goes: a chat, and in a forum the topic (its message_thread_id); no topic is the chat itself (General). */
export interface TelegramChat {
  chatId: ChatId;
  threadId?: number;
}

/** The fields that address `to` in a send: chat_id, and message_thread_id in a topic. */
const addressed = (to: TelegramChat) => ({ chat_id: to.chatId, ...(to.threadId !== undefined ? { message_thread_id: to.threadId } : {}) });

/** https://core.telegram.org/bots/api#inlinekeyboardmarkup (only callback buttons are used). */
export interface InlineKeyboardMarkup {
  inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
}

/**
 * A Bot API call Telegram refused; `status` tells a message it could not parse (400) from the rest. A chat
 * the bot cannot reach until a person acts (403: blocked, kicked, never started; 400 "chat not found") is
 * chat_unreachable: retrying cannot help.
 */
export class TelegramApiError extends CodedError<"telegram_api_failed" | "chat_unreachable"> {
  constructor(
    method: string,
    readonly status: number,
    description: string,
  ) {
    const unreachable = status === 403 || (status === 400 && /chat not found/i.test(description));
    super(unreachable ? "chat_unreachable" : "telegram_api_failed", `Telegram ${method} failed (${status}): ${description}`);
  }
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
  async sendMessage(to: TelegramChat, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void> {
    const pieces = splitMessage(text, TELEGRAM_MAX_MESSAGE);
    for (const [i, piece] of pieces.entries()) {
      const markup = replyMarkup && i === pieces.length - 1 ? { reply_markup: replyMarkup } : {};
      await this.call("sendMessage", () => json({ ...addressed(to), text: piece, link_preview_options: { is_disabled: true }, ...markup }));
    }
  }

  /**
   * Sends HTML blocks (telegram-html.ts) as messages of at most 4096 characters; `replyMarkup` goes on the
   * last. A message Telegram cannot parse is sent again as plain text. From message `from` on (those before went
   * out earlier), `sent` told each message's number as it goes out.
   */
  async sendHtml(to: TelegramChat, blocks: readonly string[], replyMarkup?: InlineKeyboardMarkup, from = 0, sent?: (parts: number) => void): Promise<void> {
    const pieces = packHtml(blocks, TELEGRAM_MAX_MESSAGE);
    for (const [i, piece] of pieces.entries()) {
      if (i < from) continue;
      const markup = replyMarkup && i === pieces.length - 1 ? { reply_markup: replyMarkup } : {};
      const message = (text: string, html: boolean) => () =>
        json({ ...addressed(to), text, ...(html ? { parse_mode: "HTML" } : {}), link_preview_options: { is_disabled: true }, ...markup });
      try {
        await this.call("sendMessage", message(piece, true));
      } catch (e) {
        if (!(e instanceof TelegramApiError && e.status === 400 && /can't parse entities/i.test(e.message))) throw e;
        await this.call("sendMessage", message(htmlToPlain(piece), false));
      }
      sent?.(i + 1);
    }
  }

  /** The bytes of a file a person sent (a photo), by its file_id: getFile, then the file's download URL. */
  async downloadFile(fileId: string, maxBytes: number): Promise<Uint8Array> {
    const file = (await this.call("getFile", () => json({ file_id: fileId }))) as { file_path?: string; file_size?: number };
    if (!file.file_path) throw new TelegramApiError("getFile", 400, "the file has no path (too big for the Bot API?)");
    if ((file.file_size ?? 0) > maxBytes) throw new FileTooLargeError(file.file_size!, maxBytes);
    const res = await fetch(`${this.base.replace(/\/$/, "")}/file/bot${this.token}/${file.file_path}`);
    if (!res.ok) throw new TelegramApiError("file download", res.status, res.statusText);
    return readCapped(res, maxBytes);
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

  /** The bot itself: its username tells commands for it ("/quiz@it") from other bots' (command-addressee.ts). */
  async getMe(): Promise<{ username: string }> {
    const me = (await this.call("getMe", () => json({}))) as { username?: string };
    if (!me.username) throw new TelegramApiError("getMe", 200, "the bot has no username");
    return { username: me.username };
  }

  /** Shows "typing…" in the chat (or topic) for about five seconds (or until the next message). */
  async sendTyping(to: TelegramChat): Promise<void> {
    await this.call("sendChatAction", () => json({ ...addressed(to), action: "typing" }));
  }

  async sendDocument(to: TelegramChat, doc: { filename: string; content: string; caption?: string }): Promise<void> {
    await this.call("sendDocument", () => {
      const form = new FormData();
      for (const [field, value] of Object.entries(addressed(to))) form.set(field, String(value));
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
    throw new TelegramApiError(method, answer.error_code ?? res.status, answer.description ?? "no description");
  }
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });
