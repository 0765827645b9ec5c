// The door the platforms' webhook routes reach a conversation through (src/platforms/chat-door.ts),
// opened onto the conversation's ChatObject.
import type { Env } from "../env";
import type { ChatDoor } from "../platforms/chat-door";
import type { ChatShapes } from "../platforms/registry";
import { chatObject } from "./chat-object";

export const chatDoors = (env: Env): ChatDoor<ChatShapes> => ({
  accept: (name, deliveryId, message) => chatObject(env, name).accept(deliveryId, message),
  click: (name, deliveryId, click) => chatObject(env, name).click(deliveryId, click),
});
