// Stands in for the `qs` copy the `openai` SDK bundles (wrangler.toml [alias]), which writes a request's query
// string with nested objects and arrays (`a[b]=1`, `ids[]=1`): list endpoints' filters, which the Worker never
// calls. Its chat and responses calls carry no query; a flat one of strings, numbers and booleans (an
// OpenAI-compatible server's `api-version`, say) is written as qs would, anything deeper refused by name.
import { NotBundledError } from "./not-bundled";

/** `query` as `qs.stringify(query, { arrayFormat: "brackets" })` writes a flat one. */
export function stringify(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // As qs writes null without skipNulls: the key with an empty value.
    if (value === null) {
      params.append(key, "");
      continue;
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      throw new NotBundledError(`openai's nested query strings (${key})`, "send a flat query (src/bundle-stubs/openai-query.ts)");
    params.append(key, String(value));
  }
  // qs encodes a space as %20 (RFC 3986), URLSearchParams as +.
  return params.toString().replaceAll("+", "%20");
}
