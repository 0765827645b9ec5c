// The MCP client's settings (docs/mcp.md): the servers, the public origin OAuth redirects come back to,
// the key that seals OAuth state at rest, and how often a server may ask for the same scope again.
import * as z from "zod";
import { int, optionalString, optionalUrl } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const McpSettings = z.object({
  /** Remote MCP servers, Claude Desktop format (docs/mcp.md); parsed by src/mcp/config.ts. */
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

export const mcpSettings = settingsLoader(McpSettings);
