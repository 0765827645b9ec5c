// The step-up retry limit (MCP authorization spec, "Step-Up Authorization Flow"; the conformance suite's
// auth/scope-retry-limit allows 3 authorization requests): a server that keeps answering 403
// insufficient_scope for a scope its authorization server never grants gets the user sent to authorize
// at most 1 + MCP_MAX_SCOPE_STEP_UPS times, counting every request that reaches the authorization
// endpoint; then it is `failed` with an error naming the scope, until DELETE …/authorization starts over.
// A `shared` server's step-up is the operator's to give: a tenant meeting the 403 is handed no URL.
// A real OAuth-protected MCP server (the SDK's server-side auth helpers, test/support/mcp-oauth-server.ts)
// and the client the Worker runs (McpManager over the OAuth store, as GET /v1/mcp/servers uses it);
// the test plays the user's browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMcpConfig } from "../../../src/mcp/config";
import { McpManager, type McpServerStatus } from "../../../src/mcp/manager";
import { completeAuthorization, forgetAuthorization } from "../../../src/mcp/oauth/authorization";
import type { McpOAuthContext } from "../../../src/mcp/oauth/oauth-provider";
import { InMemoryOAuthStore } from "../../../src/mcp/oauth/oauth-store";
import { startOAuthMcpServer, type OAuthMcpServer } from "../../support/mcp-oauth-server";

let admin: OAuthMcpServer;

beforeAll(async () => {
  // Without refresh tokens: with one, the SDK refreshes (same scope) rather than asking the user.
  admin = await startOAuthMcpServer({ requiredScopes: ["notes:admin"], withheldScopes: ["notes:admin"], refreshTokens: false });
});

afterAll(() => admin?.close());

const config = (shared = false) => parseMcpConfig({ mcpServers: { admin: { url: admin.url, shared } } });

function context(maxScopeStepUps: number): McpOAuthContext {
  return {
    store: new InMemoryOAuthStore(),
    redirectUrl: "https://agent.example.com/v1/mcp/oauth/callback",
    addressPolicy: { allowPrivate: true },
    maxScopeStepUps,
  };
}

/** The server as GET /v1/mcp/servers shows it: one connection attempt. */
async function status(ctx: McpOAuthContext, mcp = config()): Promise<McpServerStatus> {
  const manager = new McpManager(mcp, { cacheTtlMs: 0, oauth: ctx });
  const { servers } = await manager.connectAll();
  await manager.close();
  return servers[0]!;
}

/** The browser: the authorization server consents at once and redirects to the callback, which finishes the flow. */
async function authorizeInBrowser(ctx: McpOAuthContext, authorizationUrl: string, mcp = config()): Promise<void> {
  const consent = await fetch(authorizationUrl, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  await completeAuthorization(mcp.servers, ctx, { state: back.searchParams.get("state") ?? "", code: back.searchParams.get("code") ?? "" });
}

/** A patient user: authorizes whenever asked, until the server is no longer waiting for it. */
async function keepAuthorizing(ctx: McpOAuthContext): Promise<McpServerStatus> {
  for (let i = 0; i < 10; i++) {
    const server = await status(ctx);
    if (server.status !== "needs_authorization") return server;
    await authorizeInBrowser(ctx, server.authorizationUrl ?? "");
  }
  throw new Error("still asked to authorize after 10 authorizations");
}

describe("a server that keeps refusing the scope it asks for", () => {
  it("gets 3 authorization requests (1 + MCP_MAX_SCOPE_STEP_UPS) and then a clear error, until its authorization is forgotten", async () => {
    const ctx = context(2);
    const before = { ...admin.counts };
    const server = await keepAuthorizing(ctx);
    // Every request to the authorization endpoint counts, the client's own check of its registration included.
    expect(admin.counts.authorizations - before.authorizations).toBe(3);
    expect(admin.counts.codeExchanges - before.codeExchanges).toBe(3);
    expect(server.status).toBe("failed");
    expect(server.error).toContain('still refuses scope "notes:admin" after 2 step-up authorizations');
    expect(server.error).toContain("DELETE /v1/mcp/servers/admin/authorization");

    // Asked again, the client stays failed without sending anyone to the authorization server.
    expect((await status(ctx)).status).toBe("failed");
    expect(admin.counts.authorizations - before.authorizations).toBe(3);

    // Disconnecting starts over: a login, then the step-ups again.
    await forgetAuthorization(config().servers[0]!, ctx);
    expect(await status(ctx)).toMatchObject({ status: "needs_authorization" });
  });

  it("with MCP_MAX_SCOPE_STEP_UPS=0 fails at the first 403, after the one login", async () => {
    const ctx = context(0);
    const before = admin.counts.authorizations;
    const server = await keepAuthorizing(ctx);
    expect(admin.counts.authorizations - before).toBe(1);
    expect(server).toMatchObject({ status: "failed", error: expect.stringContaining('still refuses scope "notes:admin" after 0 step-up authorizations') });
  });

  it("on a shared server, is the operator's to give: a tenant gets no URL, and the deployment's tokens stay", async () => {
    const shared = config(true);
    const operator = context(2);
    const alice: McpOAuthContext = { ...operator, tenant: "alice" };
    const login = await status(operator, shared);
    await authorizeInBrowser(operator, login.authorizationUrl ?? "", shared);
    const tokens = (await operator.store.read("admin")).tokens;
    expect(tokens?.access_token).toBeTruthy();
    const before = admin.counts.authorizations;

    // Her connection is refused the scope (403 insufficient_scope): nothing reaches the authorization server.
    const hers = await status(alice, shared);
    expect(hers).toMatchObject({ status: "needs_authorization", error: expect.stringContaining("only the operator") });
    expect(hers.authorizationUrl).toBeUndefined();
    expect(admin.counts.authorizations).toBe(before);
    expect(await operator.store.read("admin")).toMatchObject({ tokens });
    expect((await operator.store.read("admin")).stepUps).toBeUndefined();

    // The operator still gets the step-up's URL.
    expect(new URL((await status(operator, shared)).authorizationUrl ?? "").searchParams.get("scope")).toContain("notes:admin");
  });
});
