// An OAuth-protected MCP server for end-to-end tests, built from the SDK's server-side auth helpers:
// mcpAuthRouter (authorization server metadata, protected resource metadata, dynamic registration,
// authorize with PKCE, token with refresh, revocation) and requireBearerAuth on /mcp. The "user"
// consents at once (authorize redirects straight back with a code). Access tokens live
// `accessTokenSeconds`, so a test can see them refreshed; `revokeAll()` is the user revoking access
// at the provider. It remembers every token it issued, so a test can look for them where they must not be.
// Options make it a server that keeps refusing a scope: /mcp requires one the authorization server withholds.
import { randomUUID } from "node:crypto";
import express from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import * as z from "zod";
import { freePort } from "./free-port";
import { listenLocal } from "./local-server";

export interface OAuthMcpServerOptions {
  accessTokenSeconds?: number;
  /** Scopes every /mcp request needs; a token without them gets 403 insufficient_scope naming them. */
  requiredScopes?: string[];
  /** Scopes the authorization server never grants, whatever is asked (a policy the user cannot change). */
  withheldScopes?: string[];
  /** false: tokens come without a refresh token, so a step-up goes to the browser (with one, the SDK refreshes instead). */
  refreshTokens?: boolean;
}

export interface OAuthMcpServer {
  /** The MCP endpoint (…/mcp). */
  url: string;
  /** Every access and refresh token issued so far. */
  issued: string[];
  counts: { authorizations: number; codeExchanges: number; refreshes: number; toolCalls: number };
  /** Revokes every token: the user withdrew the client's access at the provider. */
  revokeAll(): void;
  close(): Promise<void>;
}

class Provider implements OAuthServerProvider {
  private clients = new Map<string, OAuthClientInformationFull>();
  private codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  private access = new Map<string, AuthInfo>();
  private refresh = new Map<string, { clientId: string; scopes: string[] }>();
  issued: string[] = [];
  counts = { authorizations: 0, codeExchanges: 0, refreshes: 0, toolCalls: 0 };

  constructor(private readonly options: OAuthMcpServerOptions) {}

  private get accessTokenSeconds(): number {
    return this.options.accessTokenSeconds ?? 3600;
  }

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: (id) => this.clients.get(id),
      registerClient: (client) => {
        const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) } as OAuthClientInformationFull;
        this.clients.set(full.client_id, full);
        return full;
      },
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: express.Response): Promise<void> {
    this.counts.authorizations++;
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const back = new URL(params.redirectUri);
    back.searchParams.set("code", code);
    if (params.state) back.searchParams.set("state", params.state);
    res.redirect(back.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const entry = this.codes.get(code);
    if (!entry) throw new InvalidGrantError("unknown code");
    return entry.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<OAuthTokens> {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown code");
    this.counts.codeExchanges++;
    return this.issue(client.client_id, entry.params.scopes ?? []);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string): Promise<OAuthTokens> {
    const entry = this.refresh.get(refreshToken);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown refresh token");
    this.refresh.delete(refreshToken);
    this.counts.refreshes++;
    return this.issue(client.client_id, entry.scopes);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const info = this.access.get(token);
    if (!info || (info.expiresAt ?? 0) * 1000 < Date.now()) throw new InvalidTokenError("invalid or expired token");
    return info;
  }

  revokeAll(): void {
    this.access.clear();
    this.refresh.clear();
  }

  private issue(clientId: string, asked: string[]): OAuthTokens {
    const scopes = asked.filter((scope) => !this.options.withheldScopes?.includes(scope));
    const access = `at-${randomUUID()}`;
    this.issued.push(access);
    this.access.set(access, { token: access, clientId, scopes, expiresAt: Math.floor(Date.now() / 1000) + this.accessTokenSeconds });
    const tokens: OAuthTokens = { access_token: access, token_type: "bearer", expires_in: this.accessTokenSeconds, scope: scopes.join(" ") };
    if (this.options.refreshTokens === false) return tokens;
    const refresh = `rt-${randomUUID()}`;
    this.issued.push(refresh);
    this.refresh.set(refresh, { clientId, scopes });
    return { ...tokens, refresh_token: refresh };
  }
}

export async function startOAuthMcpServer(options: OAuthMcpServerOptions = {}): Promise<OAuthMcpServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const mcpUrl = new URL(`${origin}/mcp`);
  const provider = new Provider(options);
  const app = express();
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl, scopesSupported: ["notes:read"] }));
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    ...(options.requiredScopes && { requiredScopes: options.requiredScopes }),
  });
  app.post("/mcp", express.json(), bearer, async (req, res) => {
    // Stateless: one server and transport per request.
    const server = new McpServer({ name: "oauth-notes", version: "1.0.0" });
    server.registerTool(
      "read_note",
      { description: "Reads the user's private note.", inputSchema: { title: z.string() }, annotations: { readOnlyHint: true } },
      async ({ title }) => {
        provider.counts.toolCalls++;
        return { content: [{ type: "text", text: `Note "${title}": the secret word is swordfish.` }] };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const local = await listenLocal(app, port);
  return {
    url: mcpUrl.href,
    issued: provider.issued,
    counts: provider.counts,
    revokeAll: () => provider.revokeAll(),
    close: () => local.close(),
  };
}
