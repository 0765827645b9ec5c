// Cross-app access (SEP-990, "enterprise-managed authorization"): the user's ID token from the
// enterprise IdP is exchanged at the IdP (RFC 8693 token exchange) for an ID-JAG, an assertion naming
// the MCP server's authorization server and resource; the client then presents it in a JWT bearer
// grant (RFC 7523). No browser is involved: the IdP already vouched for the user.
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpAuthConfig } from "../config";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";

export async function exchangeIdTokenForIdJag(
  idp: NonNullable<McpAuthConfig["idp"]>,
  target: { audience: string; resource: string; scope?: string },
  fetchImpl: FetchLike = fetch,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    audience: target.audience,
    resource: target.resource,
    subject_token: idp.idToken,
    subject_token_type: ID_TOKEN,
    client_id: idp.clientId,
    ...(idp.clientSecret && { client_secret: idp.clientSecret }),
    ...(target.scope && { scope: target.scope }),
  });
  const response = await fetchImpl(idp.tokenEndpoint, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`IdP token exchange failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
  if (typeof token !== "string") throw new Error("IdP token exchange answered no access_token");
  return token;
}
