// An image as the OpenAI-compatible wires and the run route carry it: a base64 data URL
// (`data:image/png;base64,…`). Web addresses are refused with a 400 naming the field: the server does not
// fetch images from the web for a client (no private-network fetches, no third party learning who asks).
import type { ImageRef } from "../agent";
import { HttpError } from "../lib/http-error";
import type { Tenant } from "../lib/tenant";
import { imageTooLarge, tooManyImages, visionUnavailable } from "./image-errors";
import { checkImage, storeImage, type ImageBucket } from "./image-store";
import type { ImageConfig } from "./settings";

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** The bytes of a base64 data URL; HttpError 400 for anything else (a web address, a malformed URL). */
export function decodeImageUrl(url: string, field: string, maxBytes: number): Uint8Array {
  const m = DATA_URL.exec(url.slice(0, 200).includes(";base64,") ? url : "");
  if (!m) {
    const what = /^https?:/i.test(url) ? "a web address: this server does not fetch images" : "not a base64 data URL";
    throw new HttpError("invalid_image_url", `${field} is ${what}; send the image as data:image/…;base64,…`);
  }
  const base64 = m[2]!.replace(/\s+/g, "");
  // Refuse before decoding what could never fit.
  const approx = Math.floor((base64.length * 3) / 4);
  if (approx > maxBytes + 2) throw imageTooLarge(approx, maxBytes);
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    throw new HttpError("invalid_image_url", `${field} is not valid base64.`);
  }
}

/**
 * Stores every image URL of one request (at most MAX_IMAGES) (each checked first: all or nothing is stored), in `tenant`'s
 * store; `fields` names where each came from for the errors. Refused when the model cannot see.
 */
export async function storeImageUrls(
  bucket: ImageBucket,
  config: ImageConfig,
  tenant: Tenant,
  urls: readonly { url: string; field: string }[],
): Promise<Map<string, ImageRef>> {
  const stored = new Map<string, ImageRef>();
  if (!urls.length) return stored;
  if (!config.MODEL_VISION) throw visionUnavailable();
  if (urls.length > config.MAX_IMAGES) throw tooManyImages(config.MAX_IMAGES);
  const decoded = urls.map(({ url, field }) => ({ url, bytes: decodeImageUrl(url, field, config.MAX_IMAGE_BYTES) }));
  // storeImage checks each too; checking all first keeps one bad image from leaving the others stored.
  for (const { bytes } of decoded) checkImage(bytes, config.MAX_IMAGE_BYTES);
  for (const { url, bytes } of decoded) stored.set(url, await storeImage(bucket, tenant, bytes, config.MAX_IMAGE_BYTES));
  return stored;
}
