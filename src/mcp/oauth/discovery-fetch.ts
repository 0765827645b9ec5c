// OAuth discovery follows URLs an MCP server names (its WWW-Authenticate resource_metadata, the
// authorization_servers of that document, the endpoints their metadata lists), so a hostile or
// compromised server could point this Worker at a cloud metadata service or the local network.
// Every such URL passes the address rule every tool fetch obeys (ssrf.ts); the configured server's
// own origin is the operator's choice and passes as configured. Redirects are never followed here:
// the SDK follows them itself, hop by hop through this fetch, so each hop is checked too.
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { checkUrl, type AddressPolicy } from "../../tools/ssrf";
import { CodedError } from "../../lib/coded-error";

/** A fetch for the SDK's `auth()` and an OAuth-enabled transport of the server at `serverUrl`. */
export function discoveryFetch(serverUrl: string, policy: AddressPolicy, base: FetchLike = fetch): FetchLike {
  const configured = new URL(serverUrl).origin;
  return async (input, init) => {
    if (new URL(input).origin === configured) return base(input, init);
    const check = checkUrl(input, policy);
    if (!check.ok) throw new CodedError("oauth_discovery_refused", `OAuth discovery refused: ${check.reason}`);
    return base(check.url.href, { ...init, redirect: "manual" });
  };
}
