// Where the MCP OAuth client keeps what it learns: per server and tenant (once per deployment for a
// `shared` server; the operator, tenant null, has the server's own key) the registered client, the tokens, the discovery results; per authorization attempt the
// single-use `state` with its PKCE verifier. The Worker keeps it in a Durable Object
// (src/mcp/oauth/oauth-object.ts); tests and the conformance adapter use the in-memory one.
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { McpChallenge } from "./challenge";

/** Plain JSON, safe to store. */
export interface McpOAuthRecord {
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms since the epoch): with `expires_in`, when they expire. */
  tokensSavedAt?: number;
  discoveryState?: OAuthDiscoveryState;
  /** The last authorization URL offered to the user, while no tokens are there. */
  authorizationUrl?: string;
  /** Step-up authorizations asked for the same scope (403 insufficient_scope) since the last login (./step-up-limit.ts). */
  stepUps?: { scope: string; count: number };
  /** The server's last 401/403 challenge (scope, resource_metadata): what an authorization asks for. */
  challenge?: McpChallenge;
}

/** One authorization attempt, found again by its `state` when the browser comes back. */
export interface McpOAuthFlow {
  server: string;
  tenant?: string;
  codeVerifier?: string;
  expiresAt: number;
}

export interface McpOAuthStore {
  read(key: string): Promise<McpOAuthRecord>;
  /** Merges `patch` into the record (a field set to undefined is removed). */
  update(key: string, patch: Partial<McpOAuthRecord>): Promise<void>;
  clear(key: string): Promise<void>;
  putFlow(state: string, flow: McpOAuthFlow): Promise<void>;
  /** The flow of `state`, removed so it cannot be used twice; undefined when unknown or expired. */
  takeFlow(state: string, now: number): Promise<McpOAuthFlow | undefined>;
}

/** The storage key of a server's record: per tenant, unless the server is `shared` (or the caller is the operator). */
export function oauthKey(server: { name: string; shared?: boolean }, tenant?: string): string {
  return !server.shared && tenant ? `${server.name}\u0000${tenant}` : server.name;
}

export function mergeRecord(record: McpOAuthRecord, patch: Partial<McpOAuthRecord>): McpOAuthRecord {
  const merged: Record<string, unknown> = { ...record, ...patch };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return merged as McpOAuthRecord;
}

export class InMemoryOAuthStore implements McpOAuthStore {
  private readonly records = new Map<string, McpOAuthRecord>();
  private readonly flows = new Map<string, McpOAuthFlow>();

  async read(key: string): Promise<McpOAuthRecord> {
    return structuredClone(this.records.get(key) ?? {});
  }

  async update(key: string, patch: Partial<McpOAuthRecord>): Promise<void> {
    this.records.set(key, mergeRecord(this.records.get(key) ?? {}, structuredClone(patch)));
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }

  async putFlow(state: string, flow: McpOAuthFlow): Promise<void> {
    this.flows.set(state, { ...flow });
  }

  async takeFlow(state: string, now: number): Promise<McpOAuthFlow | undefined> {
    const flow = this.flows.get(state);
    this.flows.delete(state);
    return flow && flow.expiresAt > now ? flow : undefined;
  }
}
