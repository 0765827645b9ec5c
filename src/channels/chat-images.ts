// Photos people send to a chat. The webhook (with its request's settings) keeps a message's image only
// when the model can see (MODEL_VISION, src/images/visible-image.ts), else marks it unseen so the chat says
// so plainly; the conversation's object then downloads the images (each at most MAX_IMAGE_BYTES: a photo,
// or an album's, chat-albums.ts) and stores them in the bot's tenant, or answers why it cannot (too large,
// not an image, more than MAX_IMAGES). Nothing is stored for a refusal.
import type { ImageRef } from "../agent";
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import { imageRef, putImage } from "../images/image-store";
import { imageSettings } from "../images/settings";
import type { ChatImage, PlatformShapes } from "../platforms/chat-platform";
import { FileTooLargeError } from "../platforms/download-capped";
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "../platforms/chat-phrases";
import type { AnyChatPlatform, ChatMessage } from "../platforms/registry";
import { unreadableReply } from "../platforms/unreadable-message";

/** The images a message carries: an album's, in order, or its one. */
export const imagesOf = (m: PlatformShapes["message"]): ChatImage[] => m.images ?? (m.image ? [m.image] : []);

/** The message's images, stored: their references, or the reply that says why not (in `say`'s language). */
export async function storeChatImage(
  env: Env,
  platform: AnyChatPlatform,
  message: ChatMessage,
  say: ChatPhrases,
): Promise<{ images: ImageRef[] } | { refusal: string }> {
  if (message.unseenImage) return { refusal: say.imageVision };
  const wanted = imagesOf(message);
  if (!wanted.length) return { images: [] };
  const { MAX_IMAGE_BYTES, MAX_IMAGES } = imageSettings(env);
  // An album of more than a message may carry is refused whole with how many it brought (as Slack refuses
  // several files), rather than some looked at and the rest left out in silence.
  if (wanted.length > MAX_IMAGES) return { refusal: unreadableReply({ kind: "files", count: wanted.length }, say) };
  const tooLarge = { refusal: fill(say.imageTooLarge, { mb: Math.floor(MAX_IMAGE_BYTES / 1024 / 1024) }) };
  if (wanted.some((image) => (image.bytes ?? 0) > MAX_IMAGE_BYTES)) return tooLarge;
  try {
    const checked: Array<{ ref: ImageRef; bytes: Uint8Array }> = [];
    for (const image of wanted) {
      const bytes = await platform.downloadImage(image, MAX_IMAGE_BYTES);
      checked.push({ ref: await imageRef(bytes, MAX_IMAGE_BYTES), bytes });
    }
    // Stored once every one passed, so an album refused for one photo stores none.
    for (const { ref, bytes } of checked) await putImage(env.IMAGES, platform.tenant, ref, bytes);
    return { images: checked.map((c) => c.ref) };
  } catch (e) {
    if (e instanceof FileTooLargeError || (e instanceof HttpError && e.code === "image_too_large")) return tooLarge;
    if (e instanceof HttpError && e.code === "unsupported_image") return { refusal: say.notAnImage };
    throw e;
  }
}
