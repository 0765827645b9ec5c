// Photos people send to a chat. The webhook (with its request's settings) keeps a message's image only
// when the model can see (MODEL_VISION, src/images/visible-image.ts), else marks it unseen so the chat says
// so plainly; the conversation's object then downloads the image (at most MAX_IMAGE_BYTES) and stores it in
// the bot's tenant, or answers why it cannot (too large, not an image). Nothing is stored for a refusal.
import type { ImageRef } from "../agent";
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import { storeImage } from "../images/image-store";
import { imageSettings } from "../images/settings";
import { FileTooLargeError } from "../platforms/download-capped";
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "../platforms/chat-phrases";
import type { AnyChatPlatform, ChatMessage } from "../platforms/registry";

/** The message's image, stored: its reference, or the reply that says why not (in `say`'s language). */
export async function storeChatImage(
  env: Env,
  platform: AnyChatPlatform,
  message: ChatMessage,
  say: ChatPhrases,
): Promise<{ images: ImageRef[] } | { refusal: string }> {
  if (message.unseenImage) return { refusal: say.imageVision };
  if (!message.image) return { images: [] };
  const { MAX_IMAGE_BYTES } = imageSettings(env);
  const tooLarge = { refusal: fill(say.imageTooLarge, { mb: Math.floor(MAX_IMAGE_BYTES / 1024 / 1024) }) };
  if ((message.image.bytes ?? 0) > MAX_IMAGE_BYTES) return tooLarge;
  try {
    const bytes = await platform.downloadImage(message.image, MAX_IMAGE_BYTES);
    return { images: [await storeImage(env.IMAGES, platform.tenant, bytes, MAX_IMAGE_BYTES)] };
  } catch (e) {
    if (e instanceof FileTooLargeError || (e instanceof HttpError && e.code === "image_too_large")) return tooLarge;
    if (e instanceof HttpError && e.code === "unsupported_image") return { refusal: say.notAnImage };
    throw e;
  }
}
