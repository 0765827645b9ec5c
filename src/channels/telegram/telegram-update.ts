// The parts of a Telegram Update the bot reads (https://core.telegram.org/bots/api#update). Loose on
// purpose: unknown fields pass, and `chat.type` is optional because older examples and some clients
// leave it out. Only text messages from people are answered; everything else is acknowledged and dropped.
import { z } from "zod";
import type { ChatMessage } from "../chat-message";

export const TelegramUpdate = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: z.number().int(), type: z.string().optional() }),
      from: z.object({ id: z.number().int(), is_bot: z.boolean().optional() }).optional(),
      text: z.string().optional(),
    })
    .optional(),
});

export type TelegramUpdate = z.output<typeof TelegramUpdate>;

export function telegramChatMessage(update: TelegramUpdate): ChatMessage | undefined {
  const m = update.message;
  if (!m?.text?.trim() || m.from?.is_bot) return undefined;
  return { platform: "telegram", chatId: m.chat.id, text: m.text };
}
