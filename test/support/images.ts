// Images for the image tests: a real 1×1 PNG, one padded past a size, and bytes that only claim to be one.

/** A 1×1 PNG (a red pixel). */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
export const PNG_BYTES = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

/** A PNG of `size` bytes: the real one followed by padding (its magic number is a PNG's). */
export function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return bytes;
}

/** A PNG no other test sends (random bytes after the real one's), so the object it is stored as is this test's alone. */
export function uniquePng(): Uint8Array {
  const bytes = pngOfSize(PNG_BYTES.length + 16);
  bytes.set(crypto.getRandomValues(new Uint8Array(16)), PNG_BYTES.length);
  return bytes;
}

/** Base64 of any size (a spread of megabytes would overflow the stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const toDataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${base64Of(bytes)}`;

/** A text file dressed as a PNG data URL: its bytes are no image. */
export const NOT_AN_IMAGE = toDataUrl(new TextEncoder().encode("#!/bin/sh\necho this is not a picture\n"));

/** The key the image store gives these bytes (src/images/image-store.ts: a hash of the content). */
export async function imageKeyOf(bytes: Uint8Array, ext = "png"): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `img-${[...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}.${ext}`;
}
