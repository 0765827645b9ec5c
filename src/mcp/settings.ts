// The MCP client's settings (docs/mcp.md): the servers, the public origin OAuth redirects come back to,
// and the key that seals OAuth state at rest.
import * as z from "zod";
import { optionalString, optionalUrl } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const McpSettings = z.object({
  /** Remote MCP servers, Claude Desktop format (docs/mcp.md); parsed by src/mcp/config.ts. */
  MCP_SERVERS: optionalString,
  /** The Worker's public origin, for OAuth redirect URIs (docs/mcp.md); default: the request's origin. */
  PUBLIC_URL: optionalUrl,
  /** A secret that seals MCP OAuth tokens and clients at rest (AES-GCM); unset: they are stored as they are. */
  MCP_TOKEN_KEY: optionalString,
});

export const mcpSettings = settingsLoader(McpSettings);
