// An image as the OpenAI-compatible wires and the run route carry it: a base64 data URL
// (`data:image/png;base64,…`). Web addresses are refused with a 400 naming the field: the server does not
// fetch images from the web for a client (no private-network fetches, no third party learning who asks).
import type { ImageRef } from "../agent";
import type { Tenant } from "../lib/tenant";
import { imageTooLarge, invalidImageUrl, tooManyImages, tooManyRequestImages, visionUnavailable } from "./image-errors";
import { imageRef, putImage, type ImageBucket } from "./image-store";
import type { ImageConfig } from "./settings";

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** DATA_URL's match of `url`, null when it is no base64 data URL. */
const dataUrl = (url: string) => DATA_URL.exec(url.slice(0, 200).includes(";base64,") ? url : "");

/** Whether the decoder reads `url` as a base64 data URL (its bytes are judged later): what the body limit counts as an image (image-body-limit.ts). */
export const isDataUrl = (url: string): boolean => dataUrl(url) !== null;

/** The bytes of a base64 data URL; ImageError 400 for anything else (a web address, a malformed URL). */
export function decodeImageUrl(url: string, field: string, maxBytes: number): Uint8Array {
  const m = dataUrl(url);
  if (!m) {
    const what = /^https?:/i.test(url) ? "a web address: this server does not fetch images" : "not a base64 data URL";
    throw invalidImageUrl(field, `is ${what}; send the image as data:image/…;base64,…`);
  }
  const base64 = m[2]!.replace(/\s+/g, "");
  // Refuse before decoding what could never fit.
  const approx = Math.floor((base64.length * 3) / 4);
  if (approx > maxBytes + 2) throw imageTooLarge(approx, maxBytes, field);
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    throw invalidImageUrl(field, "is not valid base64.");
  }
}

/** An image URL of a request: `field` names its part, `message` the message whose MAX_IMAGES it counts against. */
export interface ImageUrl {
  url: string;
  field: string;
  message: string;
}

/** Where a request's images come in, for the refusal of too many in all: its field, and how this way in sends fewer. */
export interface ImageRequest {
  field: string;
  hint: string;
}

/** A request's images, each checked and named by its content, none stored yet. */
export interface CheckedImages {
  /** Each URL's image. */
  refs: ReadonlyMap<string, ImageRef>;
  /** Stores `only` of them (all without it) in the tenant's folder. */
  store(only?: readonly ImageRef[]): Promise<void>;
}

/**
 * Checks every image URL of one request in `tenant`'s name, storing none: at most MAX_IMAGES per message and
 * MAX_REQUEST_IMAGES in all, each a JPEG, PNG, WebP or GIF within MAX_IMAGE_BYTES; refused (an ImageError naming
 * the field) when the model cannot see. A caller stores what its turn writes (`store`) once it can refuse nothing
 * else, so a refused request leaves nothing behind and a history already stored is not written again.
 */
export async function checkImageUrls(
  bucket: ImageBucket,
  config: ImageConfig,
  tenant: Tenant,
  urls: readonly ImageUrl[],
  request: ImageRequest = { field: "images", hint: "" },
): Promise<CheckedImages> {
  const refs = new Map<string, ImageRef>();
  const bytes = new Map<string, Uint8Array>();
  const store = async (only: readonly ImageRef[] = [...refs.values()]) => {
    for (const ref of new Map(only.map((r) => [r.key, r])).values()) {
      const b = bytes.get(ref.key);
      if (b) await putImage(bucket, tenant, ref, b);
    }
  };
  if (!urls.length) return { refs, store };
  if (!config.MODEL_VISION) throw visionUnavailable(urls[0]!.field);
  // The counts before any decoding: refusing them costs nothing.
  const perMessage = new Map<string, number>();
  for (const { message } of urls) perMessage.set(message, (perMessage.get(message) ?? 0) + 1);
  for (const [message, count] of perMessage) if (count > config.MAX_IMAGES) throw tooManyImages(config.MAX_IMAGES, count, message);
  // A history re-sends its images: the same data URL is one image, decoded once.
  const distinct = new Map<string, string>();
  for (const { url, field } of urls) if (!distinct.has(url)) distinct.set(url, field);
  if (distinct.size > config.MAX_REQUEST_IMAGES) throw tooManyRequestImages(config.MAX_REQUEST_IMAGES, distinct.size, request.field, request.hint);
  for (const [url, field] of distinct) {
    const decoded = decodeImageUrl(url, field, config.MAX_IMAGE_BYTES);
    const ref = await imageRef(decoded, config.MAX_IMAGE_BYTES, field);
    refs.set(url, ref);
    bytes.set(ref.key, decoded);
  }
  return { refs, store };
}

/** Checks every image URL of one request (checkImageUrls), then stores them all: all or nothing is stored. */
export async function storeImageUrls(bucket: ImageBucket, config: ImageConfig, tenant: Tenant, urls: readonly ImageUrl[]): Promise<Map<string, ImageRef>> {
  const checked = await checkImageUrls(bucket, config, tenant, urls);
  await checked.store();
  return new Map(checked.refs);
}
