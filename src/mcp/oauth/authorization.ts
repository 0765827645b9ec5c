// The three things a user does with a server's authorization, over the SDK's `auth()`: start it
// (an authorization URL, or tokens at once for the non-interactive grants) with the scope and
// resource_metadata of the server's last challenge, finish it when the browser comes back with `code`
// and `state`, and forget it (revoking the tokens first where the server offers RFC 7009). Also:
// refresh tokens before they expire.
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { McpServerConfig } from "../config";
import { probeChallenge } from "./challenge";
import { discoveryFetch } from "./discovery-fetch";
import { revokeTokens } from "./revocation";
import { SHARED_CONNECTION, StoredOAuthProvider, type McpOAuthContext } from "./oauth-provider";
import { CodedError } from "../../lib/coded-error";

/** Tokens this close to expiry are refreshed before a connection uses them. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * An OAuth callback whose state is unknown, used or expired, names a server no longer configured, or is a
 * tenant's for a `shared` server.
 */
export class OAuthCallbackError extends CodedError<"invalid_state" | "unknown_server" | "forbidden"> {}

export type BeginResult = { status: "authorized" } | { status: "needs_authorization"; authorizationUrl: string };

export async function beginAuthorization(server: McpServerConfig, context: McpOAuthContext): Promise<BeginResult> {
  const provider = new StoredOAuthProvider(server, context);
  const fetchFn = guardedFetch(server, context);
  let { challenge } = await context.store.read(provider.key);
  if (!challenge?.scope && !challenge?.resourceMetadataUrl) {
    challenge = await probeChallenge(server.url, fetchFn).catch(() => undefined);
    if (challenge) await context.store.update(provider.key, { challenge });
  }
  const result = await auth(provider, {
    serverUrl: server.url,
    fetchFn,
    ...(challenge?.scope && { scope: challenge.scope }),
    ...(challenge?.resourceMetadataUrl && { resourceMetadataUrl: new URL(challenge.resourceMetadataUrl) }),
  });
  if (result === "AUTHORIZED") return { status: "authorized" };
  return { status: "needs_authorization", authorizationUrl: String(provider.authorizationUrl) };
}

/** Exchanges the code of the flow `state` names (single use, 10 minutes) and stores the tokens; returns the server. */
export async function completeAuthorization(
  servers: McpServerConfig[],
  context: McpOAuthContext,
  callback: { state: string; code: string },
): Promise<McpServerConfig> {
  const flow = await context.store.takeFlow(callback.state, (context.now ?? Date.now)());
  if (!flow) throw new OAuthCallbackError("invalid_state", "This authorization link is unknown, used already, or expired. Start again.");
  const server = servers.find((s) => s.name === flow.server);
  if (!server) throw new OAuthCallbackError("unknown_server", `MCP server ${flow.server} is no longer configured.`);
  // The provider starts no such flow; should one exist anyway (pending from before this rule was deployed,
  // say), it must not make a tenant's account the deployment's.
  if (server.shared && flow.tenant) {
    throw new OAuthCallbackError("forbidden", `MCP server ${server.name} has ${SHARED_CONNECTION}: an authorization started with a tenant's key is not used.`);
  }
  const provider = new StoredOAuthProvider(server, { ...context, tenant: flow.tenant }, flow);
  await auth(provider, { serverUrl: server.url, authorizationCode: callback.code, fetchFn: guardedFetch(server, context) });
  return server;
}

/** Revokes the tokens at the server when it offers RFC 7009 (true when it accepted), then forgets everything. */
export async function forgetAuthorization(server: McpServerConfig, context: McpOAuthContext): Promise<boolean> {
  const provider = new StoredOAuthProvider(server, context);
  const record = await context.store.read(provider.key);
  const revoked = await revokeTokens(record, await provider.clientInformation(), guardedFetch(server, context));
  await context.store.clear(provider.key);
  return revoked;
}

/** Refreshes tokens that expire within REFRESH_MARGIN_MS, so a run does not start with a token about to die. */
export async function refreshIfExpiring(provider: StoredOAuthProvider, context: McpOAuthContext): Promise<void> {
  const record = await context.store.read(provider.key);
  const expiresIn = record.tokens?.expires_in;
  if (!record.tokens?.refresh_token || expiresIn === undefined || record.tokensSavedAt === undefined) return;
  if (record.tokensSavedAt + expiresIn * 1000 - REFRESH_MARGIN_MS > (context.now ?? Date.now)()) return;
  // With a refresh token and no code, auth() refreshes (and asks for authorization only if that fails).
  await auth(provider, { serverUrl: provider.server.url, fetchFn: guardedFetch(provider.server, context) });
}

const guardedFetch = (server: McpServerConfig, context: McpOAuthContext) => discoveryFetch(server.url, context.addressPolicy, context.fetch);
