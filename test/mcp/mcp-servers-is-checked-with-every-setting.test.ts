// MCP_SERVERS is checked with every other setting, before anything is served or a course tick runs (the
// configuration check, src/config.ts), not only when a run starts: a broken document, an entry's bad URL or a
// secret it names that is not set made no request fail until a run met it. Each problem names the var and the entry.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

const servers = (entry: Record<string, unknown>) => JSON.stringify({ mcpServers: { gh: entry } });

describe("MCP_SERVERS in the configuration check", () => {
  it("not JSON: refused naming the var and where the syntax breaks", () => {
    expect(configIssues({ MCP_SERVERS: "{not json" })).toEqual([expect.stringMatching(/^MCP_SERVERS: not valid JSON \(.* at line 1, column 2\)$/)]);
  });

  it("an entry's bad field: refused naming the var, the entry and the field", () => {
    expect(configIssues({ MCP_SERVERS: servers({ url: "ftp://mcp.example/mcp" }) })).toEqual(["MCP_SERVERS.mcpServers.gh.url: must be an http or https URL"]);
    expect(configIssues({ MCP_SERVERS: servers({ url: "mcp.example" }) })).toEqual(["MCP_SERVERS.mcpServers.gh.url: Invalid URL"]);
    expect(configIssues({ MCP_SERVERS: servers({ url: "https://mcp.example/mcp", allowedTools: ["get_*"] }) })).toEqual([
      'MCP_SERVERS.mcpServers.gh: Unrecognized key: "allowedTools"',
    ]);
    expect(configIssues({ MCP_SERVERS: JSON.stringify({ servers: {} }) })).toContain('MCP_SERVERS: Unrecognized key: "servers"');
  });

  it("a secret reference: refused when nothing is set under its name, read from the same vars when it is", () => {
    const entry = servers({ url: "https://mcp.example/mcp", headers: { Authorization: "Bearer ${GH_TOKEN}" } });
    expect(configIssues({ MCP_SERVERS: entry })).toEqual([
      "MCP_SERVERS.mcpServers.gh.headers.Authorization: unknown secret reference ${GH_TOKEN} (no such string in the environment)",
    ]);
    expect(configIssues({ MCP_SERVERS: entry, GH_TOKEN: "a-token" })).toEqual([]);
  });

  it("a valid one, a stdio entry (a warning for the run) and an empty one load", () => {
    expect(configIssues({ MCP_SERVERS: servers({ url: "https://mcp.example/mcp" }) })).toEqual([]);
    expect(configIssues({ MCP_SERVERS: JSON.stringify({ mcpServers: { local: { command: "npx" } } }) })).toEqual([]);
    expect(configIssues({ MCP_SERVERS: "" })).toEqual([]);
  });
});
