// The SDK's OAuthClientProvider over an McpOAuthStore: everything the SDK's `auth()` learns or
// obtains for one server (registered client, tokens, discovery, the PKCE verifier of a pending
// authorization) is kept in the store, so an authorization started in one request (a run, or
// POST /authorize) is finished by another (the browser's GET /v1/mcp/oauth/callback).
// The SDK does the protocol: PRM and authorization-server discovery with their fallbacks, dynamic
// registration or a client ID metadata document, PKCE S256, resource indicators, scope selection,
// refresh, token endpoint authentication. This class decides only where things live and which grant,
// and who may start an authorization: not a tenant, for a `shared` server (its tokens are everyone's).
import { isHttpsUrl, type OAuthClientProvider, type OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { InvalidClientError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { toBase64url } from "../../lib/base64url";
import { CodedError } from "../../lib/coded-error";
import type { AddressPolicy } from "../../tools/ssrf";
import type { McpAuthConfig, McpServerConfig } from "../config";
import { exchangeIdTokenForIdJag } from "./cross-app-access";
import { discoveryFetch } from "./discovery-fetch";
import { oauthKey, type McpOAuthFlow, type McpOAuthStore } from "./oauth-store";
import { countStepUp, isStepUp } from "./step-up-limit";

/** How long a user has to finish an authorization in the browser. */
export const OAUTH_FLOW_TTL_MS = 10 * 60_000;
const CLIENT_NAME = "StudyAgent Edge";

/** What a `shared` server has: said wherever a tenant is refused its connection (routes, runs, callback). */
export const SHARED_CONNECTION = 'one connection for the whole deployment ("shared"), which only the operator (API_TOKEN) may connect or disconnect';

/**
 * Thrown when a server can be used only after an authorization: the user's, at `authorizationUrl`; or, with
 * none, the operator's (a `shared` server in a tenant's context, who may not start one).
 */
export class McpAuthorizationRequired extends CodedError<"mcp_authorization_required"> {
  constructor(
    readonly server: string,
    readonly authorizationUrl?: string,
  ) {
    super(
      "mcp_authorization_required",
      authorizationUrl
        ? `MCP server ${server} needs authorization: open ${authorizationUrl}`
        : `MCP server ${server} needs authorization, and has ${SHARED_CONNECTION}.`,
    );
  }
}

/** What every server's provider shares: the store, where the browser comes back, who the user is. */
export interface McpOAuthContext {
  store: McpOAuthStore;
  /** `${PUBLIC_URL}/v1/mcp/oauth/callback`. */
  redirectUrl: string;
  /** An https URL serving clientMetadataDocument(): used as client_id where the server supports it. */
  clientMetadataUrl?: string;
  /** The tenant whose tokens these are (a `shared` server's are the deployment's). */
  tenant?: string;
  now?: () => number;
  fetch?: FetchLike;
  /** The address rule discovered OAuth URLs obey (ALLOW_PRIVATE_FETCH lifts loopback for local tests). */
  addressPolicy: AddressPolicy;
  /** Step-ups for the same scope before the client stops asking (MCP_MAX_SCOPE_STEP_UPS, ./step-up-limit.ts). */
  maxScopeStepUps: number;
}

/** This client's metadata: sent in dynamic registration, and served as the client ID metadata document. */
export function clientMetadataDocument(redirectUrl: string, auth?: McpAuthConfig, clientMetadataUrl?: string): OAuthClientMetadata {
  return {
    ...(clientMetadataUrl && { client_id: clientMetadataUrl }),
    client_name: CLIENT_NAME,
    redirect_uris: [redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: auth?.tokenEndpointAuthMethod ?? (auth?.clientSecret ? "client_secret_basic" : "none"),
    ...(auth?.scopes && { scope: auth.scopes.join(" ") }),
  } as OAuthClientMetadata;
}

function randomState(): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(32)));
}

export class StoredOAuthProvider implements OAuthClientProvider {
  readonly key: string;
  /** Set when `auth()` asked for a user's authorization: the URL to send the user to. */
  authorizationUrl?: URL;
  private pendingState?: string;
  private readonly auth: McpAuthConfig;
  private readonly now: () => number;
  /** This authorization registered the client itself: no need to ask whether the server still knows it. */
  private clientSavedNow = false;
  addClientAuthentication?: OAuthClientProvider["addClientAuthentication"];

  constructor(
    readonly server: McpServerConfig,
    private readonly context: McpOAuthContext,
    /** When finishing an authorization: the flow its `state` named (it holds the PKCE verifier). */
    private readonly flow?: McpOAuthFlow,
  ) {
    this.key = oauthKey(server, context.tenant);
    this.auth = server.auth ?? { grant: "authorization_code" };
    this.now = context.now ?? Date.now;
    if (this.auth.privateKeyJwt && this.auth.clientId) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: this.auth.clientId,
        subject: this.auth.clientId,
        privateKey: this.auth.privateKeyJwt.privateKey,
        alg: this.auth.privateKeyJwt.algorithm,
      });
    }
  }

  private get interactive(): boolean {
    return this.auth.grant === "authorization_code";
  }

  get redirectUrl(): string | undefined {
    return this.interactive ? this.context.redirectUrl : undefined;
  }

  /** A configured https clientId is the user's own metadata document; otherwise ours, where PUBLIC_URL is https. */
  get clientMetadataUrl(): string | undefined {
    if (!this.interactive) return undefined;
    if (this.auth.clientId) return isHttpsUrl(this.auth.clientId) ? this.auth.clientId : undefined;
    return this.context.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return clientMetadataDocument(this.context.redirectUrl, this.auth);
  }

  /**
   * The SDK asks for it before building any authorization URL (a login or a step-up). A tenant's flow for a
   * `shared` server would save the tenant's tokens as everyone's (oauthKey): none is started, there is no URL.
   */
  async state(): Promise<string> {
    if (this.server.shared && this.context.tenant) throw new McpAuthorizationRequired(this.server.name);
    const state = randomState();
    this.pendingState = state;
    await this.context.store.putFlow(state, this.newFlow());
    return state;
  }

  private newFlow(codeVerifier?: string): McpOAuthFlow {
    return {
      server: this.server.name,
      ...(this.context.tenant && { tenant: this.context.tenant }),
      ...(codeVerifier && { codeVerifier }),
      expiresAt: this.now() + OAUTH_FLOW_TTL_MS,
    };
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.context.store.read(this.key)).clientInformation;
    const { clientId, clientSecret } = this.auth;
    if (clientId === undefined || this.clientMetadataUrl === clientId) return stored;
    // Pre-registered: the stored copy only adds the issuer the SDK bound it to.
    if (stored?.client_id === clientId) return stored;
    return {
      client_id: clientId,
      ...(clientSecret && { client_secret: clientSecret }),
      ...(this.auth.tokenEndpointAuthMethod && { token_endpoint_auth_method: this.auth.tokenEndpointAuthMethod }),
    } as OAuthClientInformationMixed;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    this.clientSavedNow = true;
    await this.context.store.update(this.key, { clientInformation });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.context.store.read(this.key)).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.context.store.update(this.key, { tokens, tokensSavedAt: this.now(), authorizationUrl: undefined });
  }

  /** Nothing to redirect on a server: the URL is remembered and handed to the user (event, route). */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const record = await this.context.store.read(this.key);
    if (isStepUp(record)) {
      // Counted (and refused past the limit) before anything reaches the authorization server. No
      // registration check: it issued the token the server just took, and the check is itself a
      // request to its authorization endpoint (one more attempt in the server's eyes).
      const scope = authorizationUrl.searchParams.get("scope") ?? "";
      const stepUps = countStepUp(record, this.server.name, scope, this.context.maxScopeStepUps);
      this.authorizationUrl = authorizationUrl;
      return this.context.store.update(this.key, { stepUps, authorizationUrl: authorizationUrl.href });
    }
    await this.checkRegistration(authorizationUrl);
    this.authorizationUrl = authorizationUrl;
    // A login (no tokens, or the server refused them) starts the step-up count again.
    await this.context.store.update(this.key, { stepUps: undefined, authorizationUrl: authorizationUrl.href });
  }

  /**
   * A dynamically registered client the authorization server may have forgotten (it restarted, or let the
   * registration expire): the user would land on its `invalid_client` page. Asked first, as mcp-remote
   * does: the authorization URL with `Accept: application/json` and no redirects. A 400 or 401 naming
   * `invalid_client` (or `unauthorized_client`), as JSON or on the error page a server renders for people
   * (oidc-provider answers HTML whatever the Accept), throws InvalidClientError, which the SDK's `auth()`
   * answers by forgetting the client and registering again, once.
   */
  private async checkRegistration(authorizationUrl: URL): Promise<void> {
    if (this.clientSavedNow || this.auth.clientId !== undefined) return;
    const stored = (await this.context.store.read(this.key)).clientInformation;
    if (!stored || isHttpsUrl(stored.client_id)) return;
    const fetchFn = discoveryFetch(this.server.url, this.context.addressPolicy, this.context.fetch);
    const response = await fetchFn(authorizationUrl.href, { redirect: "manual", headers: { accept: "application/json" } }).catch(() => undefined);
    if (!response) return;
    if (response.status !== 400 && response.status !== 401) return void (await response.body?.cancel().catch(() => {}));
    const answer = (await response.text().catch(() => "")).slice(0, 65_536);
    if (/\b(invalid_client|unauthorized_client)\b/.test(answer)) {
      throw new InvalidClientError(`MCP server ${this.server.name}'s authorization server no longer knows client ${stored.client_id}`);
    }
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    if (this.pendingState) await this.context.store.putFlow(this.pendingState, this.newFlow(codeVerifier));
  }

  async codeVerifier(): Promise<string> {
    if (!this.flow?.codeVerifier) throw new Error("no PKCE verifier: this authorization was not started here");
    return this.flow.codeVerifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    // "all" forgets what the authorization server knows of us; the resource server's challenge stays.
    if (scope === "all") {
      const { challenge } = await this.context.store.read(this.key);
      await this.context.store.clear(this.key);
      if (challenge) await this.context.store.update(this.key, { challenge });
      return;
    }
    if (scope === "client") return this.context.store.update(this.key, { clientInformation: undefined });
    if (scope === "tokens") return this.context.store.update(this.key, { tokens: undefined, tokensSavedAt: undefined });
    if (scope === "discovery") return this.context.store.update(this.key, { discoveryState: undefined });
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.context.store.update(this.key, { discoveryState });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.context.store.read(this.key)).discoveryState;
  }

  /** The grant of a non-interactive server; undefined: the SDK's authorization code exchange. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const requested = scope ?? this.auth.scopes?.join(" ");
    if (this.auth.grant === "client_credentials") {
      return new URLSearchParams({ grant_type: "client_credentials", ...(requested && { scope: requested }) });
    }
    if (this.auth.grant === "cross_app_access") {
      const discovery = await this.discoveryState();
      const audience = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl ?? "";
      const resource = discovery?.resourceMetadata?.resource ?? this.server.url;
      const assertion = await exchangeIdTokenForIdJag(this.auth, { audience, resource, scope: requested }, this.context.fetch);
      return new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion, ...(requested && { scope: requested }) });
    }
    return undefined;
  }
}
