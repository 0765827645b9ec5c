// Telegram as a registered chat platform (../registered-platform.ts): its settings, adapter, webhook and course delivery.
import type { RegisteredPlatform } from "../registered-platform";
import { TelegramSettings, telegramSettings } from "./settings";
import { telegramDeliveryTo } from "./telegram-delivery-to";
import { TelegramPlatform, telegramDeliveryTarget, type TelegramShapes } from "./telegram-platform";
import { telegramRoutes } from "./telegram-webhook";

export const telegram: RegisteredPlatform<TelegramShapes> = {
  name: "telegram",
  tenant: TelegramPlatform.tenant,
  settings: TelegramSettings,
  adapter: (env) => new TelegramPlatform(env),
  routes: telegramRoutes,
  delivery: {
    to: telegramDeliveryTo,
    legacyField: "telegramChatId",
    target: telegramDeliveryTarget,
    unconfigured: (env) => (telegramSettings(env).TELEGRAM_BOT_TOKEN ? undefined : "needs the Telegram bot: set TELEGRAM_BOT_TOKEN."),
  },
};
