// One configured MCP server: its session (opened lazily, shared by concurrent callers, reopened
// after it closes), its circuit breaker, and the requests the harness makes of it.
// An expired session (HTTP 404 to a request carrying the session id, as the Streamable HTTP spec
// defines it) is re-initialized once and the request retried: the server refused the request
// without running it, so retrying cannot run a tool twice. Some servers (server-everything after a
// restart) answer 400 "No valid session ID" instead; that is treated the same way.
// With OAuth, a server that needs the user's authorization fails with McpAuthorizationRequired.
// A tool call's timeout stops while the server waits for the user's answer to its question
// (elicitation): the call is held open at most `inputWaitMs` longer.
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ErrorCode,
  McpError,
  type CallToolResult,
  type GetPromptResult,
  type Implementation,
  type ElicitResult,
  type ReadResourceResult,
  type Tool as McpToolDefinition,
} from "@modelcontextprotocol/sdk/types.js";
import { CircuitBreaker } from "../lib/circuit-breaker";
import { PausableTimer } from "../lib/pausable-timer";
import type { McpServerConfig, McpTransportName } from "./config";
import { openClient, type McpElicit } from "./connect";
import { refreshIfExpiring } from "./oauth/authorization";
import { nextChallenge, rememberingChallenges } from "./oauth/challenge";
import { discoveryFetch } from "./oauth/discovery-fetch";
import { McpAuthorizationRequired, StoredOAuthProvider, type McpOAuthContext } from "./oauth/oauth-provider";
import type { PromptSummary, ResourceSummary, ServerDiscovery } from "./discovery-cache";
import { withTimeout } from "./with-timeout";

export interface ServerConnectionOptions {
  fetch?: typeof fetch;
  clientInfo: Implementation;
  connectTimeoutMs: number;
  breaker: { failureThreshold: number; openMs: number; now?: () => number };
  onToolListChanged: () => void;
  /** Where OAuth state lives; absent: a 401 stays an error. */
  oauth?: McpOAuthContext;
  elicit?: McpElicit;
  /** How long an elicitation may hold a call open beyond its timeout (the input's lifetime). */
  inputWaitMs: number;
}

/** Bounds on paginated lists: a server that keeps returning cursors must not keep the run busy. */
const MAX_PAGES = 50;
const MAX_RESOURCES = 100;
const MAX_PROMPTS = 100;
const SESSION_DELETE_TIMEOUT_MS = 2_000;

async function listAllPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>, limit = Infinity): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES && items.length < limit; i++) {
    const result = await page(cursor);
    items.push(...result.items);
    if (result.nextCursor === undefined || seen.has(result.nextCursor)) break;
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  return items.slice(0, limit);
}

/** 404 is the spec's "session expired"; 400 whose text names the session is what some servers say instead. */
const isExpiredSession = (error: unknown) =>
  error instanceof StreamableHTTPError && (error.code === 404 || (error.code === 400 && /session/i.test(error.message)));

export class McpServerConnection {
  readonly breaker: CircuitBreaker;
  /** The transport that worked last (or that an earlier discovery found). */
  transport: McpTransportName | undefined;
  private connecting: Promise<Client> | undefined;
  private current: Client | undefined;
  /** The timeouts of the tool calls under way: held while the server waits for the user. */
  private readonly callTimers = new Set<PausableTimer>();

  constructor(
    readonly config: McpServerConfig,
    private readonly options: ServerConnectionOptions,
  ) {
    this.breaker = new CircuitBreaker(options.breaker);
  }

  get name(): string {
    return this.config.name;
  }

  /** Connects, lists tools (all pages) and, when offered, resources and prompts. */
  async discover(signal?: AbortSignal): Promise<ServerDiscovery> {
    return this.withSession(async (client) => {
      const tools = await this.listToolsWith(client, signal);
      const resources = client.getServerCapabilities()?.resources ? await this.listResourcesWith(client, signal) : undefined;
      const prompts = client.getServerCapabilities()?.prompts ? await this.listPromptsWith(client, signal) : undefined;
      return {
        url: this.config.url,
        transport: this.transport ?? "streamable-http",
        ...(client.getInstructions() && { instructions: client.getInstructions() }),
        tools,
        ...(resources && { resources }),
        ...(prompts && { prompts }),
      };
    });
  }

  listTools(signal?: AbortSignal): Promise<McpToolDefinition[]> {
    return this.withSession((client) => this.listToolsWith(client, signal));
  }

  /** The longest a tool call can take: its timeout, plus one wait for the user's answer. */
  get heldCallLimitMs(): number {
    return this.config.timeoutMs + this.options.inputWaitMs;
  }

  callTool(name: string, args: Record<string, unknown>, options: Pick<RequestOptions, "signal" | "onprogress">): Promise<CallToolResult> {
    return this.withSession(async (client) => {
      const ms = this.config.timeoutMs;
      const timedOut = new AbortController();
      // The SDK's own timeout cannot stop for an elicitation; this one can, and fails the call as the SDK's would.
      const timer = new PausableTimer(ms, () => timedOut.abort(new McpError(ErrorCode.RequestTimeout, "Request timed out", { timeout: ms })));
      this.callTimers.add(timer);
      try {
        const signal = options.signal ? AbortSignal.any([options.signal, timedOut.signal]) : timedOut.signal;
        return (await client.callTool({ name, arguments: args }, undefined, { ...options, signal, timeout: this.heldCallLimitMs })) as CallToolResult;
      } finally {
        timer.clear();
        this.callTimers.delete(timer);
      }
    });
  }

  /** Answers the server's question through the run's hook, the calls' timeouts held meanwhile. */
  private readonly elicit: McpElicit = (request, signal) => {
    const answer = this.options.elicit ? this.options.elicit(request, signal) : Promise.resolve({ action: "decline" as const });
    return [...this.callTimers].reduce<Promise<ElicitResult>>((held, timer) => timer.hold(held), answer);
  };

  readResource(uri: string, signal: AbortSignal): Promise<ReadResourceResult> {
    return this.withSession((client) => client.readResource({ uri }, { signal, timeout: this.config.timeoutMs }));
  }

  getPrompt(name: string, args: Record<string, string>, signal: AbortSignal): Promise<GetPromptResult> {
    return this.withSession((client) => client.getPrompt({ name, arguments: args }, { signal, timeout: this.config.timeoutMs }));
  }

  /**
   * Ends the session (the manager stays usable: the next request opens a new one). Streamable HTTP
   * sessions are ended with a DELETE, so the server can free them now rather than never.
   */
  async close(): Promise<void> {
    const client = this.current ?? (await this.connecting?.catch(() => undefined));
    this.forget(client);
    if (!client) return;
    const transport = client.transport;
    if (transport instanceof StreamableHTTPClientTransport) {
      await withTimeout(transport.terminateSession(), SESSION_DELETE_TIMEOUT_MS, () => new Error("session DELETE timed out")).catch(() => {});
    }
    await client.close().catch(() => {});
  }

  private listToolsWith(client: Client, signal?: AbortSignal): Promise<McpToolDefinition[]> {
    return listAllPages(async (cursor) => {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { signal, timeout: this.config.timeoutMs });
      return { items: page.tools, nextCursor: page.nextCursor };
    });
  }

  /** Resources are a convenience: a server that advertises them but fails to list them keeps its tools. */
  private async listResourcesWith(client: Client, signal?: AbortSignal): Promise<ResourceSummary[] | undefined> {
    try {
      return await listAllPages(async (cursor) => {
        const page = await client.listResources(cursor === undefined ? undefined : { cursor }, { signal, timeout: this.config.timeoutMs });
        const items = page.resources.map(({ uri, name, description, mimeType }) => ({
          uri,
          name,
          ...(description && { description }),
          ...(mimeType && { mimeType }),
        }));
        return { items, nextCursor: page.nextCursor };
      }, MAX_RESOURCES);
    } catch {
      return undefined;
    }
  }

  /** Prompts are a convenience too: a server that fails to list them keeps its tools. */
  private async listPromptsWith(client: Client, signal?: AbortSignal): Promise<PromptSummary[] | undefined> {
    try {
      return await listAllPages(async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? undefined : { cursor }, { signal, timeout: this.config.timeoutMs });
        const items = page.prompts.map(({ name, description, arguments: args }) => ({
          name,
          ...(description && { description }),
          ...(args?.length && {
            arguments: args.map(({ name, description, required }) => ({ name, ...(description && { description }), ...(required && { required }) })),
          }),
        }));
        return { items, nextCursor: page.nextCursor };
      }, MAX_PROMPTS);
    } catch {
      return undefined;
    }
  }

  private async withSession<T>(use: (client: Client) => Promise<T>): Promise<T> {
    const client = await this.session();
    try {
      return await this.authorizing(() => use(client));
    } catch (error) {
      if (!isExpiredSession(error)) throw error;
      this.forget(client);
      void client.close().catch(() => {});
      const fresh = await this.session();
      return this.authorizing(() => use(fresh));
    }
  }

  /** Turns "the SDK asked for a user's authorization" into McpAuthorizationRequired with the URL. */
  private async authorizing<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const url = this.provider?.authorizationUrl;
      if (error instanceof UnauthorizedError && url) throw new McpAuthorizationRequired(this.name, url.href);
      throw error;
    }
  }

  private provider: StoredOAuthProvider | undefined;

  private async open() {
    const oauth = this.options.oauth;
    const provider = oauth ? new StoredOAuthProvider(this.config, oauth) : undefined;
    this.provider = provider;
    if (provider && oauth) await refreshIfExpiring(provider, oauth).catch(() => {});
    return this.authorizing(() =>
      openClient(this.config, {
        // With OAuth the transport runs discovery through its fetch (the same address rule applies), and the
        // server's challenges are remembered for an authorization the user starts later (POST …/authorize).
        fetch:
          provider && oauth
            ? rememberingChallenges(this.config.url, discoveryFetch(this.config.url, oauth.addressPolicy, this.options.fetch), async (challenge) =>
                oauth.store.update(provider.key, { challenge: nextChallenge((await oauth.store.read(provider.key)).challenge, challenge) }),
              )
            : this.options.fetch,
        timeoutMs: Math.min(this.options.connectTimeoutMs, this.config.timeoutMs),
        knownTransport: this.transport,
        clientInfo: this.options.clientInfo,
        onToolListChanged: this.options.onToolListChanged,
        authProvider: this.provider,
        elicit: this.elicit,
      }),
    );
  }

  private session(): Promise<Client> {
    this.connecting ??= this.open().then(
      ({ client, transport }) => {
        this.transport = transport;
        this.current = client;
        // A closed transport (the SSE stream ended, say) means the next request opens a new session.
        client.onclose = () => this.forget(client);
        return client;
      },
      (error: unknown) => {
        this.connecting = undefined;
        throw error;
      },
    );
    return this.connecting;
  }

  private forget(client: Client | undefined): void {
    if (client === undefined || this.current !== client) return;
    this.current = undefined;
    this.connecting = undefined;
  }
}
