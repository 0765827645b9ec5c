// The MCP client's settings (docs/mcp.md): the servers, the public origin OAuth redirects come back to,
// the key that seals OAuth state at rest, and how often a server may ask for the same scope again.
import * as z from "zod";
import { int, optionalString, optionalUrl } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { McpConfigError, parseMcpConfig } from "./config";

const McpSettingsObject = z.object({
  /** Remote MCP servers, Claude Desktop format (docs/mcp.md); parsed by src/mcp/config.ts, checked below. */
  MCP_SERVERS: optionalString,
  /**
   * The Worker's public origin, for OAuth redirect URIs (docs/mcp.md) and the chats' lesson links; default: the
   * request's origin. A path is refused: OAuth keeps only the origin, and the page loads its scripts and the API from `/`.
   */
  PUBLIC_URL: optionalUrl.refine((u) => !u || new URL(u).href === `${new URL(u).origin}/`, "an origin: scheme://host[:port], no path"),
  /** A secret that seals MCP OAuth tokens and clients at rest (AES-GCM); unset: they are stored as they are. */
  MCP_TOKEN_KEY: optionalString,
  /** Step-up authorizations for the same scope (403 insufficient_scope) before the client stops asking (docs/mcp.md "The step-up limit"). */
  MCP_MAX_SCOPE_STEP_UPS: int(2, 0, 10),
});

/**
 * MCP_SERVERS is checked with every other setting, before anything is served, by the parse a run makes of it (the
 * `${NAME}` references resolved from the same vars): a bad entry was found only when a run started. Each problem is
 * named by its path inside the var (`MCP_SERVERS.mcpServers.gh.url`).
 */
function refuseInvalidServers(given: unknown, ctx: z.RefinementCtx): unknown {
  const vars = given as Record<string, unknown>;
  try {
    parseMcpConfig(vars.MCP_SERVERS, vars);
  } catch (e) {
    if (!(e instanceof McpConfigError)) throw e;
    for (const { path, message } of e.issues) ctx.addIssue({ code: "custom", path: path === "MCP_SERVERS" ? [path] : ["MCP_SERVERS", path], message });
  }
  return given;
}

export const McpSettings = z.preprocess(refuseInvalidServers, McpSettingsObject);

export const mcpSettings = settingsLoader(McpSettings);
