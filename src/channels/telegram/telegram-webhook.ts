// POST /telegram/webhook: Telegram delivers updates here (setWebhook with secret_token, see
// docs/telegram.md). The secret header is checked in constant time, the update (a message, or a click
// on one of the bot's buttons) handed to the chat's ChatObject (which drops repeats and does the work), and
// Telegram gets its 200 at once.
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/app-env";
import { HttpError } from "../../lib/http-error";
import { timingSafeEqualStrings } from "../../lib/timing-safe";
import { parseJson } from "../../http-kit/validation";
import { visibleImage } from "../chat-images";
import { chatObject } from "../chat-object";
import { telegramObjectName } from "../../platforms/telegram/telegram-platform";
import { TelegramUpdate, telegramChatMessage, telegramClick } from "../../platforms/telegram/telegram-update";

export const telegramRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const { TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET } = c.get("config");
  if (!TELEGRAM_BOT_TOKEN || !TELEGRAM_WEBHOOK_SECRET) {
    throw new HttpError(404, "telegram_not_configured", "The Telegram bot is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET.");
  }
  const given = c.req.header("x-telegram-bot-api-secret-token");
  if (!given) throw new HttpError(401, "unauthorized", "The X-Telegram-Bot-Api-Secret-Token header is missing.");
  if (!(await timingSafeEqualStrings(given, TELEGRAM_WEBHOOK_SECRET))) {
    throw new HttpError(403, "forbidden", "The X-Telegram-Bot-Api-Secret-Token header does not match TELEGRAM_WEBHOOK_SECRET.");
  }
  const update = await parseJson(c, TelegramUpdate);
  const read = telegramChatMessage(update);
  const message = read && visibleImage(read, c.get("config"));
  if (message) await chatObject(c.env, telegramObjectName(message.chatId)).accept(`update:${update.update_id}`, message);
  const click = telegramClick(update);
  if (click) await chatObject(c.env, telegramObjectName(click.address.chatId)).click(`update:${update.update_id}`, click);
  return c.json({ ok: true });
});
