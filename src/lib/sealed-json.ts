// JSON sealed with AES-256-GCM under a key derived from a deployment secret: what a Durable Object must
// keep but nobody reading its storage should see (MCP OAuth tokens). A sealed value is
// {"sealed": "v1.<iv>.<ciphertext>"} (base64url); anything else is a value stored before sealing.
import { fromBase64url, toBase64url } from "./base64url";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface Sealed {
  sealed: string;
}

export const isSealed = (value: unknown): value is Sealed => !!value && typeof value === "object" && typeof (value as Sealed).sealed === "string";

/** The AES-GCM key of a secret (any string; SHA-256 makes it 256 bits). */
export async function sealingKey(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest("SHA-256", encoder.encode(`study-agent-edge/sealed-json/v1\u0000${secret}`));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(value)));
  return { sealed: `v1.${toBase64url(iv)}.${toBase64url(new Uint8Array(data))}` };
}

/** The sealed value; throws when it was sealed under another key or altered. */
export async function unseal<T>(key: CryptoKey, value: Sealed): Promise<T> {
  const [version, iv, data] = value.sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("not a sealed value");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(iv) }, key, fromBase64url(data));
  return JSON.parse(decoder.decode(plain)) as T;
}
