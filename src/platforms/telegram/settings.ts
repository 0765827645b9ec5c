// The Telegram bot's settings (docs/telegram.md): the webhook route answers 404 until token and secret are both set.
import * as z from "zod";
import { optionalString } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const TelegramSettings = z.object({
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_WEBHOOK_SECRET: optionalString,
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
});

export const telegramSettings = settingsLoader(TelegramSettings);
