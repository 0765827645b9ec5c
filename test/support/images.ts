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

export const toDataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${btoa(String.fromCharCode(...bytes))}`;

/** A text file dressed as a PNG data URL: its bytes are no image. */
export const NOT_AN_IMAGE = toDataUrl(new TextEncoder().encode("#!/bin/sh\necho this is not a picture\n"));
