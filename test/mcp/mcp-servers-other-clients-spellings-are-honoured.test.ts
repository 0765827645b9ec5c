// A server entry copied from another client's config file means what it meant there: Claude Code's and
// VS Code's `type` ("http", "sse") sets the transport, Cline's `"disabled": true` leaves the server out.
// Two spellings that say opposite things are refused by path, never one of them dropped.
import { describe, expect, it } from "vitest";
import { McpConfigError, parseMcpConfig } from "../../src/mcp/config";

const url = "https://mcp.example.com/mcp";
const servers = (entry: Record<string, unknown>) => parseMcpConfig({ mcpServers: { gh: { url, ...entry } } }).servers;

function issues(entry: Record<string, unknown>): McpConfigError["issues"] {
  try {
    servers(entry);
  } catch (e) {
    if (e instanceof McpConfigError) return e.issues;
    throw e;
  }
  return [];
}

describe("MCP_SERVERS entries in other clients' spellings", () => {
  it("type sets the transport: http is Streamable HTTP, sse is legacy SSE", () => {
    expect(servers({ type: "http" })[0]?.transport).toBe("streamable-http");
    expect(servers({ type: "sse" })[0]?.transport).toBe("sse");
    expect(servers({})[0]?.transport).toBeUndefined();
    expect(issues({ type: "stdio" })[0]?.path).toBe("mcpServers.gh.type");
  });

  it("disabled: true leaves the server out, false keeps it", () => {
    expect(servers({ disabled: true })).toEqual([]);
    expect(servers({ disabled: false })).toHaveLength(1);
  });

  it("opposite spellings side by side are refused", () => {
    expect(issues({ type: "sse", transport: "streamable-http" })).toEqual([
      { path: "mcpServers.gh.type", message: 'contradicts "transport": "streamable-http"; give only one' },
    ]);
    expect(issues({ disabled: true, enabled: true })).toEqual([{ path: "mcpServers.gh.disabled", message: 'contradicts "enabled": true; give only one' }]);
    expect(servers({ type: "http", transport: "streamable-http" })).toHaveLength(1);
  });
});
