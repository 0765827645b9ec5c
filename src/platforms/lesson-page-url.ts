// Where a lesson opens on the web page (PUBLIC_URL/?lesson=<key>), for the chats' link to its rendered
// formulas; no link when the Worker's public origin is not configured.
import { trimEndChars } from "../lib/trim-chars";
import { mcpSettings } from "../mcp/settings";

export function lessonPageUrl(env: object, key: string): string | undefined {
  // PUBLIC_URL is declared with the MCP client's settings (its OAuth redirects use it too).
  const { PUBLIC_URL } = mcpSettings(env);
  return PUBLIC_URL ? `${trimEndChars(PUBLIC_URL, "/")}/?lesson=${encodeURIComponent(key)}` : undefined;
}
