// Posting Telegram updates (telegram-payloads.ts) to POST /telegram/webhook, for tests inside workerd.
import { env } from "cloudflare:workers";
import { call } from "./worker-http";

export {
  callbackQueryUpdate,
  fromLanguage,
  inAlbum,
  inForumTopic,
  inReplyThread,
  TELEGRAM_BOT_USERNAME,
  telegramAttachmentUpdate,
  telegramEditUpdate,
  telegramGroupUpdate,
  telegramPhotoUpdate,
  telegramUpdate,
  uniqueSupergroupId,
} from "./telegram-payloads";

export const TELEGRAM_SECRET = (env as unknown as Record<string, string>).TELEGRAM_WEBHOOK_SECRET!;

export function postTelegram(update: unknown, secret: string | null = TELEGRAM_SECRET): Promise<Response> {
  return call("/telegram/webhook", {
    method: "POST",
    json: update,
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
  });
}
