// Telegram as a registered chat platform (../registered-platform.ts): its settings, adapter, webhook and course delivery.
import * as z from "zod";
import type { RegisteredPlatform } from "../registered-platform";
import { TelegramSettings, telegramSettings } from "./settings";
import { TelegramPlatform, telegramDeliveryTarget, type TelegramShapes } from "./telegram-platform";
import { telegramRoutes } from "./telegram-webhook";

export const telegram: RegisteredPlatform<TelegramShapes> = {
  name: "telegram",
  tenant: TelegramPlatform.tenant,
  settings: TelegramSettings,
  adapter: (env) => new TelegramPlatform(env),
  routes: telegramRoutes,
  delivery: {
    to: z.union([
      z.number().int(),
      z.string().regex(/^-?\d{1,20}(?:\/\d{1,10})?$|^@\w{4,64}$/, "a chat id (digits), a forum topic as <chat id>/<topic id>, or @channelusername"),
    ]),
    legacyField: "telegramChatId",
    target: telegramDeliveryTarget,
    unconfigured: (env) => (telegramSettings(env).TELEGRAM_BOT_TOKEN ? undefined : "needs the Telegram bot: set TELEGRAM_BOT_TOKEN."),
  },
};
