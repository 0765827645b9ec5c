// Ids handed to OpenAI clients that name where something lives (a response's session and run, a client
// tool call's session, run and call), so a later request finds it without a lookup table: a prefix, then
// base64url of the parts joined by "/". A forged id reaches nothing a made-up session id would not: the
// session's own checks (tenant, existence) apply.
import { fromBase64url, toBase64url } from "../lib/base64url";

export function packRef(prefix: string, parts: readonly string[]): string {
  return prefix + toBase64url(new TextEncoder().encode(parts.join("/")));
}

/** The parts of an id packRef made with `prefix`; undefined for anything else. */
export function unpackRef(prefix: string, id: string): string[] | undefined {
  if (!id.startsWith(prefix)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(fromBase64url(id.slice(prefix.length))).split("/");
  } catch {
    return undefined;
  }
}
