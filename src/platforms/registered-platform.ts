// A chat platform as the registry (registry.ts) holds it: its name, its settings, its adapter, its webhook
// routes, and where a course may deliver on it. A new platform (Discord, WhatsApp) is one folder under
// src/platforms/ exporting one of these, and one line in registry.ts (docs/harness.md, "Add a chat platform").
import type { Hono } from "hono";
import type * as z from "zod";
import type { Env } from "../env";
import type { AppEnv } from "../http-kit/app-env";
import type { SettingsSlice } from "../lib/settings-loader";
import type { ChatDoors } from "./chat-door";
import type { ChatPlatform, PlatformShapes } from "./chat-platform";

export interface RegisteredPlatform<P extends PlatformShapes = PlatformShapes> {
  /** The `platform` of its values, and where its routes are mounted (`/<name>/…`). */
  readonly name: P["message"]["platform"];
  /** The bot's own tenant (its adapter's `tenant`): no API key may act for it (src/config.ts). */
  readonly tenant: string;
  /** Its settings, merged into the configuration (src/config.ts); it reads them with its own loader. */
  readonly settings: SettingsSlice;
  adapter(env: Env): ChatPlatform<P>;
  /** Its webhooks; each authenticates the platform itself (a secret header, a signature) and reaches chats through the door. */
  routes(chats: ChatDoors<P>): Hono<AppEnv>;
  /** Where a course may deliver on it: a `deliver` entry `{platform, to}`. */
  readonly delivery: {
    /**
     * What `to` may be (a chat id, a channel id), spelled only as the platform gives it: a course's targets are
     * compared as spelled (one chat twice, the chat a /start takes back), so a second spelling is refused, not stored.
     */
    to: z.ZodType<string | number>;
    /** The field of the older `deliver` object that names a target here ({"telegramChatId": …}); still accepted. */
    legacyField?: string;
    /** Where a delivery to `to` goes. */
    target(to: string | number): P["target"];
    /** Why a course cannot deliver here with the deployment's settings (400 delivery_not_configured), or undefined. */
    unconfigured(env: Env): string | undefined;
  };
}
