// MCP_SERVERS' refusals as a list, for tests of what the config takes: [] when it is taken.
import { McpConfigError, parseMcpConfig } from "../../src/mcp/config";

export function mcpConfigIssues(raw: unknown): McpConfigError["issues"] {
  try {
    parseMcpConfig(raw);
  } catch (e) {
    if (e instanceof McpConfigError) return e.issues;
    throw e;
  }
  return [];
}
