// The chat platforms the Worker speaks, by name: adding one (Discord, WhatsApp) is its folder under
// src/channels/ and one line here. The unions below are what a conversation's Durable Object stores
// and passes around; each value carries `platform`, which picks the adapter that understands it.
import type { Config } from "../config";
import type { ChatClick as AnyChatClick, ChatPlatform } from "./chat-platform";
import { SlackPlatform, type SlackShapes } from "./slack/slack-platform";
import { TelegramPlatform, type TelegramShapes } from "./telegram/telegram-platform";

/** Every platform's shapes: what a conversation's values may be. */
export type ChatShapes = TelegramShapes | SlackShapes;
export type ChatAddress = ChatShapes["address"];
export type ChatMessage = ChatShapes["message"];
export type ChatTarget = ChatShapes["target"];
export type ChatClick = AnyChatClick<ChatShapes>;
/**
 * An adapter as the conversation holds it, typed for every platform's shapes: the conversation hands
 * it only values of its own platform (it picks the adapter by their `platform`).
 */
export type AnyChatPlatform = ChatPlatform<ChatShapes>;

const PLATFORMS = {
  telegram: (config: Config) => new TelegramPlatform(config),
  slack: (config: Config) => new SlackPlatform(config),
} satisfies Record<ChatShapes["message"]["platform"], (config: Config) => AnyChatPlatform>;

export type PlatformName = keyof typeof PLATFORMS;

export function chatPlatform(name: PlatformName, config: Config): AnyChatPlatform {
  return PLATFORMS[name](config);
}
