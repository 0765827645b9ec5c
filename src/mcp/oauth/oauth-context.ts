// The MCP OAuth context of this deployment for a request or a run: the store (the one
// McpOAuthObject), the redirect URI under PUBLIC_URL (or the origin the API is reached at), our
// client ID metadata document where that origin is https, and the tenant whose tokens a server uses (all but `shared` servers keep them per tenant).
import type { Env } from "../../env";
import { networkSettings } from "../../tools/network-settings";
import { mcpSettings } from "../settings";
import type { McpOAuthContext } from "..";
import { mcpOAuthObject, mcpOAuthStore } from "./oauth-object";

export const OAUTH_CALLBACK_PATH = "/v1/mcp/oauth/callback";
export const CLIENT_METADATA_PATH = "/v1/mcp/oauth/client-metadata.json";
/** Where a run's redirect URI points when neither PUBLIC_URL nor any request has said (a course's cron run, `npm start`). */
const LOCAL_ORIGIN = "http://127.0.0.1:8787";

export function mcpOAuthContext(env: Env, origin: string, tenant?: string): McpOAuthContext {
  return {
    addressPolicy: { allowPrivate: networkSettings(env).ALLOW_PRIVATE_FETCH },
    maxScopeStepUps: mcpSettings(env).MCP_MAX_SCOPE_STEP_UPS,
    store: mcpOAuthStore(env),
    redirectUrl: origin + OAUTH_CALLBACK_PATH,
    ...(origin.startsWith("https://") && { clientMetadataUrl: origin + CLIENT_METADATA_PATH }),
    ...(tenant && { tenant }),
  };
}

/** A request's public origin: PUBLIC_URL, else the request's own (remembered for runs, which have no request). */
export async function requestOrigin(env: Env, requestUrl: string): Promise<string> {
  const { PUBLIC_URL } = mcpSettings(env);
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  const origin = new URL(requestUrl).origin;
  await mcpOAuthObject(env).rememberOrigin(origin);
  return origin;
}

/** A run's public origin: PUBLIC_URL, else that of the request that started it, else the origin the API was last reached at. */
export async function runOrigin(env: Env, started?: string): Promise<string> {
  const { PUBLIC_URL } = mcpSettings(env);
  if (PUBLIC_URL) return new URL(PUBLIC_URL).origin;
  return started ?? (await mcpOAuthObject(env).origin()) ?? LOCAL_ORIGIN;
}
