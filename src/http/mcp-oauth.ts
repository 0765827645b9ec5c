// /mcp as an OAuth 2.1 protected resource (docs/mcp-server.md "Auth"), with Cloudflare's
// @cloudflare/workers-oauth-provider in front of the app. It serves the protected resource metadata
// (RFC 9728, at the root and with the /mcp suffix), the authorization server metadata (RFC 8414),
// dynamic client registration (RFC 7591), the token endpoint (PKCE S256 only, refresh tokens that rotate,
// RFC 7009 revocation), and checks the bearer of every /mcp request before the app sees it; each of its
// 401s carries `WWW-Authenticate: Bearer … resource_metadata="…"`. It keeps clients, grants and tokens in
// KV (OAUTH_KV), tokens by hash, props encrypted. We supply the consent page (mcp-consent.ts) and the
// static keys, API_TOKEN and API_KEYS, which keep working as bearer tokens ("external tokens" to it).
// With neither key set there is nobody to consent as: /mcp then keeps the closed-by-default rule of /v1.
// The library is patched to leave out what this never turns on (enterprise-managed authorization, Client ID
// Metadata Documents, token exchange) and the helpers mcp-consent.ts never calls: a smaller Worker
// (patches/@cloudflare+workers-oauth-provider+1.2.3.patch; test/project/bundle-stubs.test.ts holds it to that).
import { OAuthProvider, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import { sha256Hex } from "../lib/sha256-hex";
import type { Tenant } from "../lib/tenant";
import { keyOwner, mcpOAuthEnabled, mcpOAuthSettings, type McpGrantProps, type McpOAuthSettings } from "./auth";

/** The one scope: the whole of /mcp (its tools, resources and prompts) for the tenant that consented. */
export const MCP_SCOPE = "mcp";
export const OAUTH_PATHS = { authorize: "/oauth/authorize", token: "/oauth/token", register: "/oauth/register", mcp: "/mcp" } as const;

/** The grant's user: the tenant, encoded (a user id may not hold `:`, which tenant names may). */
export const grantUserId = (tenant: Tenant) => (tenant === null ? "operator" : `tenant.${encodeURIComponent(tenant)}`);

/** The helpers the provider hands the app on env (mcp-consent.ts). */
export function oauthHelpers(env: Env): OAuthHelpers {
  const helpers = env.OAUTH_PROVIDER as OAuthHelpers | undefined;
  if (!helpers) throw new HttpError("not_found", "OAuth for /mcp is off: set API_TOKEN or API_KEYS.");
  return helpers;
}

type Handler = { fetch: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response> };

/** Providers by config and origin: the resource URL is fixed when one is built. */
const providers = new WeakMap<McpOAuthSettings, Map<string, OAuthProvider<Env> | null>>();

function providerFor(config: McpOAuthSettings, origin: string, app: Handler): OAuthProvider<Env> | null {
  const byOrigin = providers.get(config) ?? new Map<string, OAuthProvider<Env> | null>();
  providers.set(config, byOrigin);
  if (byOrigin.has(origin)) return byOrigin.get(origin)!;
  let provider: OAuthProvider<Env> | null;
  try {
    provider = new OAuthProvider<Env>({
      apiRoute: OAUTH_PATHS.mcp,
      apiHandler: app,
      defaultHandler: app,
      authorizeEndpoint: OAUTH_PATHS.authorize,
      tokenEndpoint: OAUTH_PATHS.token,
      clientRegistrationEndpoint: OAUTH_PATHS.register,
      scopesSupported: [MCP_SCOPE],
      requiredScopes: [MCP_SCOPE],
      accessTokenTTL: config.MCP_OAUTH_ACCESS_TOKEN_SECONDS,
      refreshTokenTTL: config.MCP_OAUTH_REFRESH_TOKEN_SECONDS,
      resourceMetadata: { resource: origin + OAUTH_PATHS.mcp, authorization_servers: [origin], resource_name: "StudyAgent Edge" },
      // The static keys: API_TOKEN (the operator) and API_KEYS (tenants) stay valid bearers of /mcp.
      resolveExternalToken: async ({ token }) => {
        const owner = await keyOwner(config, token);
        if (!owner) return null;
        const props: McpGrantProps = { tenant: owner.tenant, principal: `key:${await sha256Hex(token)}` };
        return { props, audience: origin + OAUTH_PATHS.mcp };
      },
      // A bad request is the client's to read; nothing here is worth a log line per refusal.
      onError: () => undefined,
    });
  } catch (e) {
    // An origin the library refuses as a resource (plain http off loopback): static keys only there.
    console.warn(`OAuth for /mcp is off at ${origin}: ${e instanceof Error ? e.message : String(e)}`);
    provider = null;
  }
  byOrigin.set(origin, provider);
  return provider;
}

const PRM_ROOT = "/.well-known/oauth-protected-resource";

/**
 * The library serves /mcp's metadata where RFC 9728 puts it, with the path suffix; clients that look at
 * the root first (the MCP spec's fallback order, older clients) get the same document there: /mcp is
 * the only protected resource of this origin.
 */
function rootMetadataAsMcp(request: Request): Request {
  const url = new URL(request.url);
  if (url.pathname !== PRM_ROOT) return request;
  url.pathname = PRM_ROOT + OAUTH_PATHS.mcp;
  return new Request(url, request);
}

/** The Worker's fetch: through the OAuth provider when /mcp has OAuth, else straight to the app. */
export function withMcpOAuth(app: Handler): Handler {
  return {
    fetch(request, env, ctx) {
      let config: McpOAuthSettings;
      try {
        config = mcpOAuthSettings(env);
      } catch {
        return app.fetch(request, env, ctx); // the app answers a bad config in the contract's shape
      }
      if (!mcpOAuthEnabled(config)) return app.fetch(request, env, ctx);
      const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : new URL(request.url).origin;
      const provider = providerFor(config, origin, app);
      return provider ? provider.fetch(rootMetadataAsMcp(request), env, ctx) : app.fetch(request, env, ctx);
    },
  };
}
