// Cross-app access (SEP-990, "enterprise-managed authorization"): the user's ID token from the
// enterprise IdP is exchanged at the IdP (RFC 8693 token exchange) for an ID-JAG, an assertion naming
// the MCP server's authorization server and resource; the client then presents it in a JWT bearer
// grant (RFC 7523). No browser is involved: the IdP already vouched for the user.
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpAuthConfig } from "../config";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";

/** The IdP's token endpoint: configured, or from its OpenID configuration. */
async function idpTokenEndpoint(auth: McpAuthConfig, fetchImpl: FetchLike): Promise<string> {
  if (auth.idpTokenEndpoint) return auth.idpTokenEndpoint;
  const response = await fetchImpl(new URL("/.well-known/openid-configuration", auth.idpIssuer));
  const endpoint = response.ok ? ((await response.json()) as { token_endpoint?: unknown }).token_endpoint : undefined;
  if (typeof endpoint !== "string") throw new Error(`IdP ${auth.idpIssuer} has no token_endpoint in its OpenID configuration`);
  return endpoint;
}

export async function exchangeIdTokenForIdJag(
  auth: McpAuthConfig,
  target: { audience: string; resource: string; scope?: string },
  fetchImpl: FetchLike = fetch,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    audience: target.audience,
    resource: target.resource,
    subject_token: auth.idpIdToken ?? "",
    subject_token_type: ID_TOKEN,
    client_id: auth.idpClientId ?? "",
    ...(target.scope && { scope: target.scope }),
  });
  const response = await fetchImpl(await idpTokenEndpoint(auth, fetchImpl), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`IdP token exchange failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
  if (typeof token !== "string") throw new Error("IdP token exchange answered no access_token");
  return token;
}
