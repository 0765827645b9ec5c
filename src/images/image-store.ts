// Images learners send, in R2 (binding IMAGES), per tenant. An image is stored once under its content's
// hash, `images/<tenant>/<img-…>.<ext>`, and the history refers to it by its key (`img-<hash>.<ext>`), never
// holding its bytes. A key is looked up in the caller's own tenant only: another tenant's key is not found.
import type { ImageMediaType, ImageRef } from "../agent";
import type { Tenant } from "../lib/tenant";
import { imageTooLarge, notAnImage } from "./image-errors";
import { IMAGE_EXTENSIONS, sniffImageType } from "./image-type";

/** The part of R2Bucket the image store uses. */
export interface ImageBucket {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string }; size: number } | null>;
}

const IMAGE_KEY = /^img-[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/** Whether `key` is an image key of our scheme (checked before any bucket access). */
export const isImageKey = (key: string) => IMAGE_KEY.test(key);

/** The admin's images have a folder of their own; tenant names cannot contain "/" (TENANT_NAME). */
const objectKey = (tenant: Tenant, key: string) => `images/${tenant ?? "_admin"}/${key}`;

async function contentKey(bytes: Uint8Array, ext: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `img-${[...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}.${ext}`;
}

/** The image's type, once its size and bytes pass: ImageError 413 or 415 otherwise, naming `field` when there is one. */
export function checkImage(bytes: Uint8Array, maxBytes: number, field?: string): ImageMediaType {
  if (bytes.byteLength > maxBytes) throw imageTooLarge(bytes.byteLength, maxBytes, field);
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw notAnImage(field);
  return mediaType;
}

/** The image's reference (its type checked, its key named by its content), without storing it. */
export async function imageRef(bytes: Uint8Array, maxBytes: number, field?: string): Promise<ImageRef> {
  const mediaType = checkImage(bytes, maxBytes, field);
  return { key: await contentKey(bytes, IMAGE_EXTENSIONS[mediaType]), mediaType, bytes: bytes.byteLength };
}

/** Writes an image `imageRef` named into `tenant`'s folder (the same bytes always go to the same object). */
export async function putImage(bucket: ImageBucket, tenant: Tenant, ref: ImageRef, bytes: Uint8Array): Promise<void> {
  await bucket.put(objectKey(tenant, ref.key), bytes, { httpMetadata: { contentType: ref.mediaType } });
}

/** The image's bytes and type in `tenant`'s store; null for a key outside the scheme or another tenant's. */
export async function readImage(bucket: ImageBucket, tenant: Tenant, key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; mediaType: string } | null> {
  if (!isImageKey(key)) return null;
  const object = await bucket.get(objectKey(tenant, key));
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), mediaType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}

/** An image as the data URL a model request carries. */
export function dataUrl(image: { bytes: Uint8Array; mediaType: string }): string {
  let binary = "";
  for (let i = 0; i < image.bytes.length; i += 0x8000) binary += String.fromCharCode(...image.bytes.subarray(i, i + 0x8000));
  return `data:${image.mediaType};base64,${btoa(binary)}`;
}
