// Bearer auth for /v1/* and /mcp, and who the request acts for (its tenant, see src/lib/tenant.ts).
// - API_TOKEN is the admin key; API_KEYS are tenants' keys. With either set, a valid bearer is required.
// - With neither set the API is closed by default: only clients connected from this machine are answered
//   (local development, as the admin), unless ALLOW_ANONYMOUS=true opens it to everyone. The connection
//   decides, never the Host header: the runtime's CF-Connecting-IP (Cloudflare's edge sets it to the
//   client's address; so does `wrangler dev`, whose miniflare is patched so a client cannot set it itself:
//   patches/miniflare+*.patch). Without it the client's address is unknown, and the API stays closed.
//   The Host header opens nothing, but a loopback client must also name localhost: a page of another
//   site rebound to 127.0.0.1 (DNS rebinding) names that site.
// - /mcp with a key set is an OAuth 2.1 protected resource (mcp-oauth.ts): the provider in front of the app
//   has checked its bearer (an access token, or a static key) and put what it acts as in the props.
import type { Context, MiddlewareHandler } from "hono";
import * as z from "zod";
import { HttpError } from "../lib/http-error";
import { isLoopbackAddress } from "../lib/loopback-address";
import { sha256Hex } from "../lib/sha256-hex";
import { timingSafeEqualStrings } from "../lib/timing-safe";
import { TENANT_NAME, type Tenant } from "../lib/tenant";
import { matchApiKey } from "../http-kit/api-keys";
import type { AppEnv } from "../http-kit/app-env";
import { HttpSettings, httpSettings } from "../http-kit/settings";
import { settingsLoader } from "../lib/settings-loader";
import { McpServerSettings } from "../mcp-server/settings";
import { McpSettings } from "../mcp/settings";

type KeySettings = Pick<ReturnType<typeof httpSettings>, "API_TOKEN" | "API_KEYS">;

/** What /mcp's OAuth reads: the keys that may consent, the public origin, the token lifetimes. */
export const mcpOAuthSettings = settingsLoader(HttpSettings, McpSettings, McpServerSettings);
export type McpOAuthSettings = ReturnType<typeof mcpOAuthSettings>;

/** The header the runtime sets to the connecting client's address. */
export const CLIENT_ADDRESS_HEADER = "cf-connecting-ip";

/** True when the runtime says the client connected from this machine, which a deployed Worker's clients never do. */
export const isLoopbackClient = (headers: Headers) => isLoopbackAddress(headers.get(CLIENT_ADDRESS_HEADER) ?? "");

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * True when the request names this machine as its host. That opens nothing (the client writes it), but
 * its absence closes: a browser page of another site whose name was rebound to 127.0.0.1 (DNS rebinding)
 * connects over loopback and names its own site (the MCP spec's "local MCP server" guard).
 */
export const namesThisMachine = (url: string) => LOOPBACK_NAMES.has(new URL(url).hostname);

/** What a /mcp request acts as, from its OAuth grant or static key: the tenant, and who holds the credentials. */
export const McpGrantPropsSchema = z.object({
  tenant: z.string().regex(TENANT_NAME).nullable(),
  /** Stable across token refreshes: an MCP session stays with the grant (or key) that opened it. */
  principal: z.string().min(1),
});
export type McpGrantProps = z.output<typeof McpGrantPropsSchema>;

/** Whose key `key` is: `{tenant: null}` for API_TOKEN (the operator), a tenant's for a key of API_KEYS. */
export async function keyOwner(config: KeySettings, key: string): Promise<{ tenant: Tenant } | undefined> {
  if (key === "") return undefined;
  if (config.API_TOKEN !== undefined && (await timingSafeEqualStrings(key, config.API_TOKEN))) return { tenant: null };
  const match = await matchApiKey(config.API_KEYS, key);
  return match ? { tenant: match.tenant } : undefined;
}

/** OAuth for /mcp is on when someone can consent: API_TOKEN or API_KEYS is set. */
export const mcpOAuthEnabled = (config: KeySettings) => config.API_TOKEN !== undefined || config.API_KEYS.length > 0;

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = httpSettings(c.env);
  let tenant: Tenant = null;
  if (config.API_TOKEN || config.API_KEYS.length) {
    const header = c.req.header("authorization") ?? "";
    const owner = await keyOwner(config, header.startsWith("Bearer ") ? header.slice(7) : "");
    if (!owner) throw new HttpError("unauthorized", "A valid Authorization: Bearer <API_TOKEN or a key of API_KEYS> header is required.");
    tenant = owner.tenant;
  } else if (!config.ALLOW_ANONYMOUS && !(isLoopbackClient(c.req.raw.headers) && namesThisMachine(c.req.url))) {
    throw new HttpError(
      "api_token_required",
      "No API_TOKEN is set, so this API answers only clients on this machine (loopback connections to localhost). Set the secret (`wrangler secret put API_TOKEN`) and send `Authorization: Bearer <API_TOKEN>`, or set ALLOW_ANONYMOUS=true to open it to everyone.",
    );
  }
  c.set("tenant", tenant);
  await next();
};

/** The props the OAuth provider put on this request's context, when it checked the bearer. */
function grantProps(c: Context<AppEnv>): McpGrantProps | undefined {
  let props: unknown;
  try {
    props = (c.executionCtx as ExecutionContext & { props?: unknown }).props;
  } catch {
    return undefined; // no execution context (the app called directly)
  }
  const parsed = McpGrantPropsSchema.safeParse(props);
  return parsed.success ? parsed.data : undefined;
}

/**
 * /mcp: with OAuth on, the tenant and principal of the grant (or static key) the provider checked; a
 * request that did not pass it gets 401 with the challenge pointing at the resource metadata. Without
 * keys, the /v1 rule (loopback or ALLOW_ANONYMOUS), the principal a digest of the credentials sent.
 */
export const mcpAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = mcpOAuthSettings(c.env);
  if (mcpOAuthEnabled(config)) {
    const props = grantProps(c);
    if (!props) {
      const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : new URL(c.req.url).origin;
      c.header("WWW-Authenticate", `Bearer realm="OAuth", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
      throw new HttpError("unauthorized", "A valid OAuth access token (or Authorization: Bearer <API_TOKEN or a key of API_KEYS>) is required.");
    }
    c.set("tenant", props.tenant);
    c.set("principal", props.principal);
    return next();
  }
  return bearerAuth(c, async () => {
    c.set("principal", await sha256Hex(c.req.header("authorization") ?? ""));
    await next();
  });
};
