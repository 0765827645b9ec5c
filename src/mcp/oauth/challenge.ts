// A server's last 401 (or 403 insufficient_scope) challenge, remembered per server: its `scope` and
// `resource_metadata` (WWW-Authenticate, RFC 6750 / RFC 9728). The SDK's transport uses them for the
// authorization it starts itself, but `POST /v1/mcp/servers/:name/authorize` starts one with no 401 in
// hand: it asks with the remembered challenge, or, when the server never challenged us yet, sends one
// unauthenticated `initialize` to get it. A server whose metadata lists no `scopes_supported` needs the
// challenge's scope (oidc-provider refuses an authorization without it). Whether it was a 403
// `insufficient_scope` tells a step-up (the server took our token, it wants more scope) from a login.
import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

export interface McpChallenge {
  scope?: string;
  resourceMetadataUrl?: string;
  /** A 403 `insufficient_scope`: the server accepted the token and asks for more scope (a step-up). */
  insufficientScope?: true;
}

/** The challenge a response carries, when it is one. */
export function challengeOf(response: Response): McpChallenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { scope, resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
  const insufficientScope = response.status === 403 && error === "insufficient_scope";
  // A bare 401 counts too: it refused the token, so it is no step-up (nextChallenge keeps the last scope).
  if (response.status === 403 && !insufficientScope && !scope && !resourceMetadataUrl) return undefined;
  return {
    ...(scope && { scope }),
    ...(resourceMetadataUrl && { resourceMetadataUrl: resourceMetadataUrl.href }),
    ...(insufficientScope && { insufficientScope }),
  };
}

/** What to remember after `last`: a challenge naming neither scope nor metadata keeps the last one's. */
export function nextChallenge(last: McpChallenge | undefined, challenge: McpChallenge): McpChallenge {
  if (challenge.scope || challenge.resourceMetadataUrl || !last) return challenge;
  const { insufficientScope: _, ...said } = last;
  return { ...said, ...challenge };
}

/** A fetch that hands every challenge of the server at `serverUrl` to `remember` (the transport's requests). */
export function rememberingChallenges(serverUrl: string, base: FetchLike, remember: (challenge: McpChallenge) => Promise<void>): FetchLike {
  const server = new URL(serverUrl);
  return async (input, init) => {
    const response = await base(input, init);
    const url = new URL(input);
    const challenge = url.origin === server.origin && url.pathname === server.pathname ? challengeOf(response) : undefined;
    if (challenge) await remember(challenge);
    return response;
  };
}

/** Asks the server for its challenge: one `initialize` without credentials (it opens no session when refused). */
export async function probeChallenge(serverUrl: string, fetchFn: FetchLike): Promise<McpChallenge | undefined> {
  const response = await fetchFn(serverUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "study-agent-edge", version: "0.1.0" } },
    }),
  });
  await response.body?.cancel();
  return challengeOf(response);
}
