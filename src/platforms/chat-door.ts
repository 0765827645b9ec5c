// How a platform's webhook routes reach a conversation: through this door, which the channels layer
// opens onto its ChatObject (src/channels/chat-door.ts). The platforms never import the conversation's
// Durable Object, so a new platform is its folder and its registry line, and nothing of src/channels.
import type { Env } from "../env";
import type { ChatClick, PlatformShapes } from "./chat-platform";

export interface ChatDoor<P extends PlatformShapes = PlatformShapes> {
  /** Hands a person's message to the conversation `objectName`; false when `deliveryId` was taken before (a retry). */
  accept(objectName: string, deliveryId: string, message: P["message"]): Promise<boolean>;
  /** Hands a click on one of the bot's buttons to the conversation; false when `deliveryId` was handled before. */
  click(objectName: string, deliveryId: string, click: ChatClick<P>): Promise<boolean>;
}

/** The door for a request's env (the Worker's bindings). */
export type ChatDoors<P extends PlatformShapes = PlatformShapes> = (env: Env) => ChatDoor<P>;
