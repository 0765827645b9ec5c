// Stands in for the `openai` client's platform detection (wrangler.toml [alias], client.mjs's import alone).
// The SDK tells Deno, edge, Node and browsers apart to fill its X-Stainless-* headers, with a browser's
// user-agent patterns; none of that is the Worker, and the headers only describe the client to the provider.
// The Worker sends what the SDK sends for a runtime it does not detect, its own version included.
import { VERSION } from "openai/version";

/** The Worker has no window. */
export const isRunningInBrowser = (): boolean => false;

const HEADERS = {
  "X-Stainless-Lang": "js",
  "X-Stainless-Package-Version": VERSION,
  "X-Stainless-OS": "Unknown",
  "X-Stainless-Arch": "unknown",
  "X-Stainless-Runtime": "unknown",
  "X-Stainless-Runtime-Version": "unknown",
};

export const getPlatformHeaders = (): Record<string, string> => HEADERS;
