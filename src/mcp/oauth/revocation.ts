// Token revocation (RFC 7009) when the user disconnects a server: the refresh token first (revoking it
// ends the grant at most servers), then the access token, at the `revocation_endpoint` the authorization
// server's metadata names, authenticated as the client registered. A server without one, or one that
// refuses, leaves the tokens to expire; the caller forgets them either way.
import type { OAuthClientInformationMixed } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpOAuthRecord } from "./oauth-store";

/** The client's credentials as RFC 6749 §2.3.1 wants them: Basic with form-encoded parts, or in the body. */
function authenticate(client: OAuthClientInformationMixed, body: URLSearchParams, headers: Headers): void {
  const secret = "client_secret" in client ? client.client_secret : undefined;
  const method = "token_endpoint_auth_method" in client ? client.token_endpoint_auth_method : undefined;
  if (secret && method !== "client_secret_post") {
    const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
    headers.set("authorization", `Basic ${btoa(`${encode(client.client_id)}:${encode(secret)}`)}`);
    return;
  }
  body.set("client_id", client.client_id);
  if (secret) body.set("client_secret", secret);
}

/** True when the server offered revocation and accepted every token. */
export async function revokeTokens(record: McpOAuthRecord, client: OAuthClientInformationMixed | undefined, fetchFn: FetchLike): Promise<boolean> {
  // RFC 8414 metadata has it; OpenID discovery documents (the SDK's other metadata type) may too.
  const metadata = record.discoveryState?.authorizationServerMetadata;
  const endpoint = metadata && "revocation_endpoint" in metadata && typeof metadata.revocation_endpoint === "string" ? metadata.revocation_endpoint : undefined;
  const tokens = record.tokens;
  if (!endpoint || !tokens || !client) return false;
  const pending: [string, string][] = [];
  if (tokens.refresh_token) pending.push([tokens.refresh_token, "refresh_token"]);
  pending.push([tokens.access_token, "access_token"]);
  let accepted = true;
  for (const [token, hint] of pending) {
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
    authenticate(client, body, headers);
    const response = await fetchFn(endpoint, { method: "POST", headers, body }).catch(() => undefined);
    await response?.body?.cancel().catch(() => {});
    accepted &&= response?.ok === true;
  }
  return accepted;
}
