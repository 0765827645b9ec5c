// What an upload is, judged by its first bytes (never by its name or a declared type): JPEG, PNG,
// WebP or GIF, the formats models read; anything else is not an image we accept.
import type { ImageMediaType } from "../agent";

const SIGNATURES: { type: ImageMediaType; matches(b: Uint8Array): boolean }[] = [
  { type: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  { type: "image/gif", matches: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { type: "image/webp", matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

export const IMAGE_EXTENSIONS: Record<ImageMediaType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" };

/** The image type of `bytes` by their magic number, or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | undefined {
  return SIGNATURES.find((s) => s.matches(bytes))?.type;
}
