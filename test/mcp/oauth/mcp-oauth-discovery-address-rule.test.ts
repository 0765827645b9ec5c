// OAuth discovery follows URLs an MCP server names; they obey the address rule of every tool fetch.
// A local MCP server answers 401 and names discovery documents that point at the cloud metadata
// service (refused whatever ALLOW_PRIVATE_FETCH says) or at another loopback port (refused unless
// ALLOW_PRIVATE_FETCH): the SDK's real auth() runs, through beginAuthorization and through the
// transport of a run's connection, and the refused address is never fetched.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { McpManager } from "../../../src/mcp";
import { parseMcpConfig } from "../../../src/mcp/config";
import { beginAuthorization } from "../../../src/mcp/oauth/authorization";
import type { McpOAuthContext } from "../../../src/mcp/oauth/oauth-provider";
import { InMemoryOAuthStore } from "../../../src/mcp/oauth/oauth-store";
import { listenLocal, type LocalServer } from "../../support/local-server";

const METADATA_SERVICE = "http://169.254.169.254/latest/meta-data";
let mcp: LocalServer;
let authServer: LocalServer;
/** What the MCP server names: its WWW-Authenticate resource_metadata and its PRM's authorization server. */
let named: { resourceMetadata?: string; authorizationServer: string };
let fetched: string[];

beforeAll(async () => {
  mcp = await listenLocal((req, res) => {
    const origin = `http://127.0.0.1:${mcp.port}`;
    if (req.url === "/.well-known/oauth-protected-resource/mcp") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: [named.authorizationServer] }));
      return;
    }
    const metadata = named.resourceMetadata ? `, resource_metadata="${named.resourceMetadata}"` : "";
    res.writeHead(401, { "www-authenticate": `Bearer realm="mcp"${metadata}` });
    res.end();
  });
  // An authorization server on another loopback port: a different origin from the MCP server's.
  authServer = await listenLocal((_req, res) => {
    res.writeHead(404);
    res.end();
  });
});

afterAll(async () => {
  await Promise.all([mcp.close(), authServer.close()]);
});

beforeEach(() => {
  fetched = [];
});

function context(allowPrivate: boolean): McpOAuthContext {
  return {
    store: new InMemoryOAuthStore(),
    redirectUrl: "https://agent.example.com/v1/mcp/oauth/callback",
    addressPolicy: { allowPrivate },
    maxScopeStepUps: 2,
    fetch: (url, init) => {
      fetched.push(String(url));
      return fetch(url, init);
    },
  };
}

const server = () => parseMcpConfig({ mcpServers: { notes: { url: `http://127.0.0.1:${mcp.port}/mcp`, timeoutMs: 5000 } } }).servers[0]!;
const touched = (prefix: string) => fetched.some((u) => u.startsWith(prefix));

describe("OAuth discovery from an MCP server", () => {
  it("refuses an authorization server at the cloud metadata service, even with ALLOW_PRIVATE_FETCH", async () => {
    named = { authorizationServer: METADATA_SERVICE };
    const error = await beginAuthorization(server(), context(true)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "oauth_discovery_refused" });
    expect(String(error)).toMatch(/169\.254\.169\.254 is a link-local address/);
    // The protected resource metadata on the configured server's own origin was read; the metadata service never.
    expect(touched(`http://127.0.0.1:${mcp.port}/.well-known/oauth-protected-resource`)).toBe(true);
    expect(touched("http://169.254.169.254")).toBe(false);
  });

  it("refuses an authorization server on the local network unless ALLOW_PRIVATE_FETCH", async () => {
    named = { authorizationServer: `http://127.0.0.1:${authServer.port}` };
    const refused = await beginAuthorization(server(), context(false)).catch((e: unknown) => e);
    expect(String(refused)).toMatch(/OAuth discovery refused: 127\.0\.0\.1 is a loopback address/);
    expect(touched(`http://127.0.0.1:${authServer.port}`)).toBe(false);

    // Lifted for local tests: discovery reaches it (and fails there, as this one has no metadata).
    const lifted = await beginAuthorization(server(), context(true)).catch((e: unknown) => e);
    expect(lifted).not.toMatchObject({ code: "oauth_discovery_refused" });
    expect(touched(`http://127.0.0.1:${authServer.port}/.well-known/oauth-authorization-server`)).toBe(true);
  });

  it("refuses a resource_metadata URL at the metadata service that a run's connection is handed in a 401", async () => {
    named = { resourceMetadata: `${METADATA_SERVICE}/iam/security-credentials/`, authorizationServer: METADATA_SERVICE };
    const oauth = context(true);
    const manager = new McpManager(parseMcpConfig({ mcpServers: { notes: { url: server().url, timeoutMs: 5000 } } }), {
      oauth,
      fetch: oauth.fetch as typeof fetch,
    });
    try {
      const result = await manager.connectAll();
      // The SDK drops a protected resource metadata URL it cannot read and falls back to the server's
      // own origin (which has no authorization server here): the server is left out, the address never fetched.
      expect(result.authorizations).toEqual([]);
      expect(result.warnings).toEqual([expect.objectContaining({ server: "notes", code: "mcp_connect_failed" })]);
      expect(fetched.length).toBeGreaterThan(1);
      expect(touched("http://169.254.169.254")).toBe(false);
    } finally {
      await manager.close();
    }
  });
});
