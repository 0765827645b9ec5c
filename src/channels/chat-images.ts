// Photos people send to a chat. The webhook (which reads this request's config) keeps a message's image
// only when the model can see (MODEL_VISION), else marks it unseen so the chat says so plainly; the
// conversation's object then downloads the image (at most MAX_IMAGE_BYTES) and stores it in the bot's
// tenant, or answers why it cannot (too large, not an image). Nothing is stored for a refusal.
import type { ImageRef } from "../agent";
import type { Config } from "../config";
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import { CHAT_IMAGE_REPLIES } from "../images/image-errors";
import { storeImage } from "../images/image-store";
import { FileTooLargeError } from "../platforms/download-capped";
import type { AnyChatPlatform, ChatMessage } from "../platforms/registry";

/** The message as the chat's object gets it: its image only if the model can see it. */
export function visibleImage<M extends ChatMessage>(message: M, config: Pick<Config, "MODEL_VISION">): M {
  if (!message.image || config.MODEL_VISION) return message;
  const { image: _unseen, ...rest } = message;
  return { ...rest, unseenImage: true } as M;
}

/** The message's image, stored: its reference, or the reply that says why not. */
export async function storeChatImage(
  env: Env,
  config: Config,
  platform: AnyChatPlatform,
  message: ChatMessage,
): Promise<{ images: ImageRef[] } | { refusal: string }> {
  if (message.unseenImage) return { refusal: CHAT_IMAGE_REPLIES.vision };
  if (!message.image) return { images: [] };
  const tooLarge = { refusal: CHAT_IMAGE_REPLIES.tooLarge(config.MAX_IMAGE_BYTES) };
  if ((message.image.bytes ?? 0) > config.MAX_IMAGE_BYTES) return tooLarge;
  try {
    const bytes = await platform.downloadImage(message.image, config.MAX_IMAGE_BYTES);
    return { images: [await storeImage(env.IMAGES, platform.tenant, bytes, config.MAX_IMAGE_BYTES)] };
  } catch (e) {
    if (e instanceof FileTooLargeError || (e instanceof HttpError && e.status === 413)) return tooLarge;
    if (e instanceof HttpError && e.status === 415) return { refusal: CHAT_IMAGE_REPLIES.notAnImage };
    throw e;
  }
}
