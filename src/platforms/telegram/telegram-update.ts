// The parts of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update). Loose on
// purpose: unknown fields pass, and `chat.type` is optional because older examples and some clients
// leave it out. Only messages from people (text, or a photo or file with its caption) and clicks on the
// bot's buttons (callback_query: approvals, the quiz, inputs) are handled; everything else is acknowledged
// and dropped.
import * as z from "zod";
import { PHOTO_ONLY, type ChatClick } from "../chat-platform";
import type { TelegramShapes } from "./telegram-platform";

export const TelegramUpdate = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: z.number().int(), type: z.string().optional() }),
      from: z.object({ id: z.number().int(), is_bot: z.boolean().optional() }).optional(),
      text: z.string().optional(),
      caption: z.string().optional(),
      // A photo comes in several sizes, smallest first; a file sent as a document may be an image too.
      photo: z.array(z.object({ file_id: z.string().min(1), file_size: z.number().int().optional() })).optional(),
      document: z.object({ file_id: z.string().min(1), file_size: z.number().int().optional() }).optional(),
    })
    .optional(),
  callback_query: z
    .object({
      id: z.string().min(1),
      from: z.object({ id: z.number().int(), first_name: z.string().optional(), username: z.string().optional() }),
      // Absent for buttons under inline-mode messages, which the bot never sends.
      message: z.object({ message_id: z.number().int(), chat: z.object({ id: z.number().int() }) }).optional(),
      data: z.string().optional(),
    })
    .optional(),
});

export type TelegramUpdate = z.output<typeof TelegramUpdate>;

/** A person's text, or photo (the largest size) or file with its caption; undefined for anything else. */
export function telegramChatMessage(update: TelegramUpdate): TelegramShapes["message"] | undefined {
  const m = update.message;
  if (!m || m.from?.is_bot) return undefined;
  const file = m.photo?.at(-1) ?? m.document;
  const text = m.text ?? m.caption ?? "";
  if (!text.trim() && !file) return undefined;
  return {
    platform: "telegram",
    chatId: m.chat.id,
    text: text.trim() ? text : PHOTO_ONLY,
    ...(m.from ? { by: `telegram:${m.from.id}` } : {}),
    ...(file ? { image: { ref: file.file_id, ...(file.file_size !== undefined ? { bytes: file.file_size } : {}) } } : {}),
  };
}

/** A click on one of the bot's buttons (its callback_data is the button's value); undefined for any other callback. */
export function telegramClick(update: TelegramUpdate): ChatClick<TelegramShapes> | undefined {
  const q = update.callback_query;
  if (!q?.message || !q.data) return undefined;
  const chatId = q.message.chat.id;
  const who = q.from.username ? `@${q.from.username}` : (q.from.first_name ?? `user ${q.from.id}`);
  return {
    address: { platform: "telegram", chatId },
    value: q.data,
    by: `telegram:${q.from.id}`,
    who,
    at: { platform: "telegram", chatId, messageId: q.message.message_id, callbackQueryId: q.id },
  };
}
