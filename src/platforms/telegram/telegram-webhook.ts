// POST /telegram/webhook: Telegram delivers updates here (setWebhook with secret_token, see
// docs/telegram.md). The secret header is checked in constant time, a command addressed to another bot
// dropped, the update (a message, or a click on one of the bot's buttons) handed to the chat's ChatObject (which drops repeats and does the work), and
// Telegram gets its 200 at once. A photo of an album carries TELEGRAM_ALBUM_WAIT_MS, read with this request's settings.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../../http-kit/app-env";
import { parseJson } from "../../http-kit/validation";
import { HttpError } from "../../lib/http-error";
import { timingSafeEqualStrings } from "../../lib/timing-safe";
import { visibleImage } from "../../images/visible-image";
import type { ChatDoors } from "../chat-door";
import { telegramSettings } from "./settings";
import { TelegramApiError } from "./telegram-api";
import { isForAnotherBot } from "./command-addressee";
import { telegramObjectName, type TelegramShapes } from "./telegram-platform";
import { TelegramUpdate, telegramChatMessage, telegramClick } from "./telegram-update";

export const telegramRoutes = (chats: ChatDoors<TelegramShapes>) =>
  new Hono<AppEnv>().post("/webhook", async (c) => {
    const { TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_ALBUM_WAIT_MS } = telegramSettings(c.env);
    if (!TELEGRAM_BOT_TOKEN || !TELEGRAM_WEBHOOK_SECRET) {
      throw new HttpError("telegram_not_configured", "The Telegram bot is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET.");
    }
    const given = c.req.header("x-telegram-bot-api-secret-token");
    if (!given) throw new HttpError("unauthorized", "The X-Telegram-Bot-Api-Secret-Token header is missing.");
    if (!(await timingSafeEqualStrings(given, TELEGRAM_WEBHOOK_SECRET))) {
      throw new HttpError("forbidden", "The X-Telegram-Bot-Api-Secret-Token header does not match TELEGRAM_WEBHOOK_SECRET.");
    }
    const update = await parseJson(c, TelegramUpdate);
    // A command for another bot in the group ("/stop@OtherBot") is not ours to answer or act on.
    if (await isForAnotherBot(c.env, update).catch(telegramUnavailable)) return c.json({ ok: true });
    const read = telegramChatMessage(update, TELEGRAM_ALBUM_WAIT_MS);
    const message = read && visibleImage(read, c.env);
    if (message) await chats(c.env).accept(telegramObjectName(message.chatId), `update:${update.update_id}`, message);
    const click = telegramClick(update);
    if (click) await chats(c.env).click(telegramObjectName(click.address.chatId), `update:${update.update_id}`, click);
    return c.json({ ok: true });
  });

/** Telegram failed us, not the update: 502, so Telegram delivers it again (a 4xx would drop it, a 500 say the fault is ours). */
function telegramUnavailable(e: unknown): never {
  if (e instanceof TelegramApiError) throw new HttpError("telegram_unavailable", `${e.message}; the update will be delivered again.`);
  throw e;
}
