// The chat platforms the Worker speaks, by name: adding one (Discord, WhatsApp) is its folder under
// src/platforms/ (registered-platform.ts) and one line below. The types below are what a conversation's
// Durable Object stores and passes around, derived from the list; each value carries `platform`, which
// picks the adapter that understands it.
import type { Env } from "../env";
import type { SettingsSlice } from "../lib/settings-loader";
import type { ChatClick as AnyChatClick, ChatPlatform } from "./chat-platform";
import type { RegisteredPlatform } from "./registered-platform";
import { slack } from "./slack";
import { telegram } from "./telegram";

export const CHAT_PLATFORMS = [telegram, slack] as const;

type ShapesOf<R> = R extends RegisteredPlatform<infer P> ? P : never;

/** Every platform's shapes: what a conversation's values may be. */
export type ChatShapes = ShapesOf<(typeof CHAT_PLATFORMS)[number]>;
export type ChatAddress = ChatShapes["address"];
export type ChatMessage = ChatShapes["message"];
export type ChatTarget = ChatShapes["target"];
export type ChatClick = AnyChatClick<ChatShapes>;
export type PlatformName = ChatMessage["platform"];
/**
 * An adapter as the conversation holds it, typed for every platform's shapes: the conversation hands
 * it only values of its own platform (it picks the adapter by their `platform`).
 */
export type AnyChatPlatform = ChatPlatform<ChatShapes>;

/** The bots' own tenants: a key of API_KEYS naming one would own every chat's sessions and learners (src/config.ts refuses it). */
export const BOT_TENANTS: readonly string[] = CHAT_PLATFORMS.map((p) => p.tenant);

/** Every platform's settings, for the configuration (src/config.ts). */
export const PLATFORM_SLICES: readonly SettingsSlice[] = CHAT_PLATFORMS.map((p) => p.settings);

/** The registered platform `name`, if any. */
export function registeredPlatform(name: string): RegisteredPlatform<ChatShapes> | undefined {
  return CHAT_PLATFORMS.find((p) => p.name === name);
}

export function chatPlatform(name: PlatformName, env: Env): AnyChatPlatform {
  const platform = registeredPlatform(name);
  if (!platform) throw new Error(`no chat platform ${name}`);
  return platform.adapter(env);
}
