// MCP_SERVERS is parsed strictly: a field it does not know is refused by its path, never dropped. Dropped, a
// misspelt `allowedTools` offered every tool of the server, and Cline's `autoApprove` would have looked
// like it skipped approvals.
import { describe, expect, it } from "vitest";
import { parseMcpConfig } from "../../src/mcp/config";
import { mcpConfigIssues as issues } from "../support/mcp-config-issues";

const url = "https://mcp.example.com/mcp";

describe("MCP_SERVERS with a field it does not know", () => {
  it("in a server entry: refused, naming the server and the field", () => {
    expect(issues({ mcpServers: { gh: { url, allowedTools: ["get_*"] } } })).toEqual([{ path: "mcpServers.gh", message: 'Unrecognized key: "allowedTools"' }]);
    expect(issues({ mcpServers: { gh: { url, autoApprove: ["get_issue"] } } })).toEqual([
      { path: "mcpServers.gh", message: 'Unrecognized key: "autoApprove"' },
    ]);
  });

  it("in auth or its private key: refused, naming the path", () => {
    expect(issues({ mcpServers: { gh: { url, auth: { clientId: "app", scope: "repo" } } } })).toEqual([
      { path: "mcpServers.gh.auth", message: 'Unrecognized key: "scope"' },
    ]);
    const privateKeyJwt = { privateKey: "${KEY}", algorithm: "ES256", kid: "k1" };
    expect(issues({ mcpServers: { gh: { url, auth: { clientId: "app", privateKeyJwt } } } })).toContainEqual({
      path: "mcpServers.gh.auth.privateKeyJwt",
      message: 'Unrecognized key: "kid"',
    });
  });

  it("beside mcpServers: refused", () => {
    expect(issues({ mcpServers: {}, mcpServer: { gh: { url } } })).toEqual([{ path: "MCP_SERVERS", message: 'Unrecognized key: "mcpServer"' }]);
  });

  it("a stdio entry is still a warning, whatever its fields", () => {
    expect(parseMcpConfig({ mcpServers: { local: { command: "npx", args: ["server"], env: { A: "b" } } } }).warnings).toHaveLength(1);
  });
});
