// Telegram as a registered chat platform (../registered-platform.ts): its settings, adapter, webhook and course delivery.
import * as z from "zod";
import type { RegisteredPlatform } from "../registered-platform";
import { TelegramSettings, telegramSettings } from "./settings";
import { TelegramPlatform, type TelegramShapes } from "./telegram-platform";
import { telegramRoutes } from "./telegram-webhook";

export const telegram: RegisteredPlatform<TelegramShapes> = {
  name: "telegram",
  tenant: TelegramPlatform.tenant,
  settings: TelegramSettings,
  adapter: (env) => new TelegramPlatform(env),
  routes: telegramRoutes,
  delivery: {
    to: z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$|^@\w{4,64}$/, "a chat id (digits) or @channelusername")]),
    legacyField: "telegramChatId",
    target: (to) => ({ platform: "telegram", chatId: to }),
    unconfigured: (env) => (telegramSettings(env).TELEGRAM_BOT_TOKEN ? undefined : "needs the Telegram bot: set TELEGRAM_BOT_TOKEN."),
  },
};
