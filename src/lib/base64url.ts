// Base64url without padding (RFC 4648 §5): for ids, states and sealed values that travel in URLs and JSON.
import { trimEndChars } from "./trim-chars";

export function toBase64url(bytes: Uint8Array): string {
  const base64 = btoa(String.fromCharCode(...bytes));
  return trimEndChars(base64.replaceAll("+", "-").replaceAll("/", "_"), "=");
}

/** The bytes of `text`; throws (as atob does) when it is not base64url. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
