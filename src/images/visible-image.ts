// A photo sent to a chat reaches the model only when it can see (MODEL_VISION). The webhook decides with
// its own request's settings and keeps the platform's handle to the image, or marks the message's image
// unseen so the chat answers plainly that it cannot see (src/channels/chat-images.ts).
import { imageSettings } from "./settings";

/** A chat message as a webhook reduced it: `image` the platform's handle to a file it carries. */
interface MessageWithImage {
  image?: unknown;
  unseenImage?: boolean;
}

/** The message as the chat's object gets it: its image only if the model can see it. */
export function visibleImage<M extends MessageWithImage>(message: M, env: object): M {
  if (!message.image || imageSettings(env).MODEL_VISION) return message;
  const { image: _unseen, ...rest } = message;
  return { ...rest, unseenImage: true } as M;
}
