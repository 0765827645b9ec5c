// The Telegram bot's settings (docs/telegram.md): the webhook route answers 404 until token and secret are both set.
import * as z from "zod";
import { int, optionalString } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const TelegramSettings = z.object({
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_WEBHOOK_SECRET: optionalString,
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
  /**
   * How long after an album's last photo arrived it counts as complete and is asked about as one message
   * (Telegram sends an album's photos as separate updates, within about a second).
   */
  TELEGRAM_ALBUM_WAIT_MS: int(1_500, 100, 30_000),
});

export const telegramSettings = settingsLoader(TelegramSettings);
