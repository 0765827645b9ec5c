// /v1/mcp: the configured MCP servers and their OAuth authorization, for a user connecting one from
// the web page, curl or a bot (docs/mcp.md "OAuth").
//   GET    /v1/mcp/servers                         each server: status, tool count, authorization URL (none to a tenant for a `shared` server)
//   POST   /v1/mcp/servers/:name/authorize         {authorizationUrl}, or {authorized: true} for grants without a browser
//   DELETE /v1/mcp/servers/:name/authorization     revokes the tokens at the server (RFC 7009, when offered), then forgets them
//   GET    /v1/mcp/oauth/callback?code&state       where the browser returns; no bearer token (mcp-oauth-callback.ts)
//   GET    /v1/mcp/oauth/client-metadata.json      our client ID metadata document (no bearer token either)
import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { mcpOAuthContext, requestOrigin } from "./oauth/oauth-context";
import {
  beginAuthorization,
  forgetAuthorization,
  McpManager,
  parseMcpConfig,
  SHARED_CONNECTION,
  type McpConfig,
  type McpOAuthContext,
  type McpServerConfig,
} from ".";
import type { AppEnv } from "../http-kit/app-env";
import { errorText } from "./error-text";
import { mcpSettings } from "./settings";
import { HttpError } from "../http-kit/errors";
import { parseNoFields, parseNoQuery } from "../http-kit/validation";

/** The servers' config, valid here: an invalid one was refused with every setting before anything was served. */
function mcpConfig(c: Context<AppEnv>): McpConfig {
  return parseMcpConfig(mcpSettings(c.env).MCP_SERVERS, c.env);
}

/** Every configured server, the disabled ones included, from the raw config. */
function configuredEntries(raw: string | undefined): { name: string; url: string; transport?: string; enabled: boolean }[] {
  const parsed = raw
    ? (JSON.parse(raw) as { mcpServers: Record<string, { url?: string; transport?: string; enabled?: boolean; command?: string }> })
    : undefined;
  return Object.entries(parsed?.mcpServers ?? {}).map(([name, e]) => ({
    name,
    url: e.url ?? "",
    transport: e.transport,
    enabled: e.enabled !== false && !e.command,
  }));
}

async function oauthContext(c: Context<AppEnv>): Promise<McpOAuthContext> {
  const origin = await requestOrigin(c.env, c.req.url);
  return mcpOAuthContext(c.env, origin, c.get("tenant") ?? undefined);
}

function serverNamed(config: McpConfig, name: string): McpServerConfig {
  const server = config.servers.find((s) => s.name === name);
  if (!server) throw new HttpError("not_found", `MCP server ${name} is not configured (or is disabled or a stdio server).`);
  return server;
}

/** A `shared` server's connection is the whole deployment's: only the operator (API_TOKEN) connects or disconnects it. */
function mayChange(c: Context<AppEnv>, server: McpServerConfig): McpServerConfig {
  if (server.shared && c.get("tenant") !== null) throw new HttpError("forbidden", `MCP server ${server.name} has ${SHARED_CONNECTION}.`);
  return server;
}

/** Status checks share one manager per isolate, env and tenant (its breakers spare a dead server). */
const statusManagers = new WeakMap<object, Map<string, McpManager>>();

async function statusManager(c: Context<AppEnv>, config: McpConfig): Promise<McpManager> {
  const byTenant = statusManagers.get(c.env) ?? new Map<string, McpManager>();
  statusManagers.set(c.env, byTenant);
  const tenant = c.get("tenant") ?? "";
  let manager = byTenant.get(tenant);
  // No discovery cache: the answer says how things are now (after an authorization, say).
  if (!manager) byTenant.set(tenant, (manager = new McpManager(config, { cacheTtlMs: 0, oauth: await oauthContext(c) })));
  return manager;
}

export const mcpServerRoutes = new Hono<AppEnv>()
  .get("/servers", async (c) => {
    parseNoQuery(c);
    const config = mcpConfig(c);
    const manager = await statusManager(c, config);
    const result = await manager.connectAll(c.req.raw.signal);
    await manager.close();
    const servers = configuredEntries(mcpSettings(c.env).MCP_SERVERS).map((entry) => {
      const server = config.servers.find((s) => s.name === entry.name);
      const status = result.servers.find((s) => s.name === entry.name);
      const transport = server?.transport ?? manager.transportOf(entry.name) ?? entry.transport ?? "streamable-http";
      if (!server || !status) return { name: entry.name, url: entry.url, transport, status: "disabled", toolCount: 0 };
      // A shared server's connection is the operator's: a tenant's page shows no Connect for it (docs/mcp.md).
      return { url: entry.url, transport, ...status, ...(server.shared ? { shared: true } : {}) };
    });
    return c.json({ servers });
  })
  .post("/servers/:name/authorize", async (c) => {
    parseNoQuery(c);
    await parseNoFields(c);
    const server = mayChange(c, serverNamed(mcpConfig(c), c.req.param("name")));
    try {
      const result = await beginAuthorization(server, await oauthContext(c));
      return c.json(result.status === "authorized" ? { authorized: true } : { authorizationUrl: result.authorizationUrl });
    } catch (e) {
      throw new HttpError("mcp_authorization_failed", `Could not start authorizing MCP server ${server.name}: ${errorText(e)}`);
    }
  })
  .delete("/servers/:name/authorization", async (c) => {
    parseNoQuery(c);
    await parseNoFields(c);
    const server = mayChange(c, serverNamed(mcpConfig(c), c.req.param("name")));
    const revoked = await forgetAuthorization(server, await oauthContext(c));
    return c.json({ server: server.name, authorized: false, revoked });
  });
