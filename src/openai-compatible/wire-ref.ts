// Ids handed to OpenAI clients that name where something lives (a response's session and run, a client
// tool call's session, run and call), so a later request finds it without a lookup table: a prefix, then
// base64url of the parts joined by "/". A forged id reaches nothing a made-up session id would not: the
// session's own checks (tenant, existence) apply.
import { trimEndChars } from "../lib/trim-chars";

export function packRef(prefix: string, parts: readonly string[]): string {
  const bytes = new TextEncoder().encode(parts.join("/"));
  const base64 = btoa(String.fromCharCode(...bytes));
  return prefix + trimEndChars(base64.replaceAll("+", "-").replaceAll("/", "_"), "=");
}

/** The parts of an id packRef made with `prefix`; undefined for anything else. */
export function unpackRef(prefix: string, id: string): string[] | undefined {
  if (!id.startsWith(prefix)) return undefined;
  try {
    const binary = atob(id.slice(prefix.length).replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))).split("/");
  } catch {
    return undefined;
  }
}
