// The OAuth callback's guard: the state a flow was started with is needed to finish it, works once,
// and only for 10 minutes (OAUTH_FLOW_TTL_MS); a `shared` server's flows are the operator's alone.
// Against the provider and store the Worker uses.
import { describe, expect, it } from "vitest";
import { parseMcpConfig } from "../../../src/mcp/config";
import { completeAuthorization, OAuthCallbackError } from "../../../src/mcp/oauth/authorization";
import { McpAuthorizationRequired, OAUTH_FLOW_TTL_MS, StoredOAuthProvider, type McpOAuthContext } from "../../../src/mcp/oauth/oauth-provider";
import { InMemoryOAuthStore, oauthKey } from "../../../src/mcp/oauth/oauth-store";

const { servers } = parseMcpConfig({
  mcpServers: { notes: { url: "http://127.0.0.1:9/mcp", perTenant: true }, team: { url: "http://127.0.0.1:9/mcp", shared: true } },
});
const team = servers[1]!;

function context(now: () => number): McpOAuthContext {
  return {
    store: new InMemoryOAuthStore(),
    redirectUrl: "https://agent.example.com/v1/mcp/oauth/callback",
    tenant: "acme",
    now,
    addressPolicy: { allowPrivate: false },
    maxScopeStepUps: 2,
  };
}

async function callbackError(ctx: McpOAuthContext, state: string): Promise<unknown> {
  return completeAuthorization(servers, ctx, { state, code: "a-code" }).catch((e: unknown) => e);
}

describe("the OAuth state", () => {
  it("is unguessable and bound to its server and tenant", async () => {
    const ctx = context(() => 0);
    const provider = new StoredOAuthProvider(servers[0]!, ctx);
    const a = await provider.state();
    const b = await provider.state();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(await ctx.store.takeFlow(a, 1)).toMatchObject({ server: "notes", tenant: "acme" });
    expect(provider.key).toBe(oauthKey(servers[0]!, "acme"));
    expect(provider.key).not.toBe(oauthKey(servers[0]!, "other"));
  });

  it("expires after 10 minutes", async () => {
    let now = 0;
    const ctx = context(() => now);
    const state = await new StoredOAuthProvider(servers[0]!, ctx).state();
    now = OAUTH_FLOW_TTL_MS + 1;
    const error = await callbackError(ctx, state);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect((error as OAuthCallbackError).code).toBe("invalid_state");
  });

  it("works once, and an unknown state not at all", async () => {
    const ctx = context(() => 0);
    const state = await new StoredOAuthProvider(servers[0]!, ctx).state();
    // The first use gets past the state (then fails: nothing listens on port 9); the second does not.
    expect(await callbackError(ctx, state)).not.toBeInstanceOf(OAuthCallbackError);
    expect(await callbackError(ctx, state)).toBeInstanceOf(OAuthCallbackError);
    expect(await callbackError(ctx, "made-up")).toBeInstanceOf(OAuthCallbackError);
  });

  it("of a shared server is made for the operator only: a tenant is told so, with no URL to connect it", async () => {
    const ctx = context(() => 0);
    const refused = await new StoredOAuthProvider(team, ctx).state().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(McpAuthorizationRequired);
    expect(refused).toMatchObject({ server: "team", authorizationUrl: undefined, message: expect.stringContaining("only the operator") });
    const { tenant: _, ...operator } = ctx;
    const state = await new StoredOAuthProvider(team, operator).state();
    expect(await ctx.store.takeFlow(state, 1)).toEqual({ server: "team", expiresAt: OAUTH_FLOW_TTL_MS });
  });

  it("of a shared server, when a tenant's, does not finish: its code would set the whole deployment's connection", async () => {
    const ctx = context(() => 0);
    // A flow a tenant started (before this rule, say): refused before its code is exchanged, and used up.
    await ctx.store.putFlow("tenants-state", { server: "team", tenant: "acme", codeVerifier: "v", expiresAt: 1 });
    const error = await callbackError(ctx, "tenants-state");
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect(error).toMatchObject({ code: "forbidden", message: expect.stringContaining("only the operator") });
    expect(await ctx.store.takeFlow("tenants-state", 0)).toBeUndefined();
  });
});
