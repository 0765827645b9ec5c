// The MCP layer as the run sees it: at the start of a run, every configured server's tools (as
// harness Tools), its instructions, and warnings for what could not be had. A server that fails
// is left out with a warning; the others go on. Keep one manager per session (the Durable Object):
// attach the run's hooks and connectAll at each run start, close at each run end (open sessions and
// streams would keep the object busy); breakers and tool names last across runs, sessions reopen on demand.
import type { ElicitRequest, ElicitResult, Implementation, Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { CircuitOpenError } from "../lib/circuit-breaker";
import type { Emit, Tool } from "../agent";
import type { ExternalSkill } from "../tools/skills";
import type { McpConfig, McpTransportName, McpWarning } from "./config";
import { McpAuthorizationRequired, SHARED_CONNECTION, type McpOAuthContext } from "./oauth/oauth-provider";
import { errorText } from "./error-text";
import { InMemoryToolListCache, type ServerDiscovery, type ToolListCache } from "./discovery-cache";
import type { ServerInstructions } from "./instructions";
import { mcpTool } from "./mcp-tool";
import { promptSkills } from "./prompt-skills";
import { READ_RESOURCE, readResourceTool } from "./read-resource-tool";
import { McpServerConnection } from "./server-connection";
import { toolFilter, unmatchedPatterns } from "./tool-filter";
import { assignToolName } from "./tool-names";

export const MCP_DEFAULTS = {
  /** Consecutive failures that open a server's circuit. */
  breakerFailureThreshold: 3,
  /** How long an open circuit answers "unavailable" before a probe. */
  breakerOpenMs: 30_000,
  /** How long a discovered tool list is trusted. */
  cacheTtlMs: 5 * 60_000,
  /** Bound on connecting and initializing (further capped by the server's timeoutMs). */
  connectTimeoutMs: 10_000,
};

/** What the run under way wants to hear of; replaced by `attach` at each run start. */
export interface McpRunHooks {
  /** Where warnings go that arise outside any tool call (a failed refresh after list_changed). */
  emit?: Emit;
  /** A server changed its tools (notifications/tools/list_changed): swap them in the registry. */
  onToolsChanged?: (change: McpToolsChange) => void;
  /** Answers a server's elicitation request (the run asks its user); absent: they are declined. */
  elicit?: McpInputRequest;
}

/** Asks the run's user what `server` wants to know; resolves with the answer (or decline/cancel). */
export type McpInputRequest = (server: string, request: ElicitRequest["params"], signal: AbortSignal) => Promise<ElicitResult>;

export interface McpManagerOptions extends McpRunHooks {
  /** The fetch used for every MCP request (tests, or a service binding's fetch). */
  fetch?: typeof fetch;
  /** The clock of the breakers (and of the default cache). */
  now?: () => number;
  /** Discovery cache; defaults to one in memory, living as long as the manager. */
  cache?: ToolListCache;
  cacheTtlMs?: number;
  breaker?: { failureThreshold?: number; openMs?: number };
  connectTimeoutMs?: number;
  clientInfo?: Implementation;
  /** Where OAuth state lives; absent: a server answering 401 is left out with a warning. */
  oauth?: McpOAuthContext;
  /** How long a server's question to the user may hold a tool call open (INPUT_TTL_MS); 0: not at all. */
  inputWaitMs?: number;
}

export interface McpToolsChange {
  server: string;
  /** The server's tools now (replace its earlier ones). */
  tools: Tool[];
  /** Names no longer offered. */
  removed: string[];
}

export interface McpConnectResult {
  tools: Tool[];
  instructions: ServerInstructions[];
  /** Warnings about servers that could not be had (the config's own warnings are the caller's to report). */
  warnings: McpWarning[];
  /** The connected servers' prompts, offered as skills (load_skill fetches them). */
  skills: ExternalSkill[];
  /** Servers that need the user's authorization before their tools can be offered (not those only the operator may authorize). */
  authorizations: { server: string; authorizationUrl: string }[];
  /** Each configured server's state after this attempt, in config order. */
  servers: McpServerStatus[];
}

export interface McpServerStatus {
  name: string;
  status: "connected" | "needs_authorization" | "failed";
  toolCount: number;
  /** Where the user authorizes it; absent when only the operator may (a `shared` server, a tenant asking): `error` says so. */
  authorizationUrl?: string;
  error?: string;
  /** What is wrong with a connected server's config that did not stop it (an allowTools pattern that matches none of its tools). */
  warnings?: McpWarning[];
}

interface ServerState {
  connection: McpServerConnection;
  discovery?: ServerDiscovery;
  tools: Tool[];
  /** Its allowTools/denyTools patterns that match none of its names, as warnings (patternWarnings). */
  patterns: McpWarning[];
}

export class McpManager {
  private readonly servers: ServerState[];
  private readonly cache: ToolListCache;
  private readonly cacheTtlMs: number;
  private readonly connectTimeoutMs: number;
  private hooks: McpRunHooks;

  constructor(
    readonly config: McpConfig,
    options: McpManagerOptions = {},
  ) {
    this.hooks = options;
    this.cache = options.cache ?? new InMemoryToolListCache(options.now);
    this.cacheTtlMs = options.cacheTtlMs ?? MCP_DEFAULTS.cacheTtlMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? MCP_DEFAULTS.connectTimeoutMs;
    const breaker = {
      failureThreshold: options.breaker?.failureThreshold ?? MCP_DEFAULTS.breakerFailureThreshold,
      openMs: options.breaker?.openMs ?? MCP_DEFAULTS.breakerOpenMs,
      now: options.now,
    };
    this.servers = config.servers.map((server) => {
      const connection: McpServerConnection = new McpServerConnection(server, {
        fetch: options.fetch,
        clientInfo: options.clientInfo ?? { name: "study-agent-edge", version: "0.1.0" },
        connectTimeoutMs: this.connectTimeoutMs,
        breaker,
        onToolListChanged: () => void this.refresh(connection),
        oauth: options.oauth,
        elicit: (request, signal) => (this.hooks.elicit ? this.hooks.elicit(server.name, request, signal) : Promise.resolve({ action: "decline" })),
        inputWaitMs: options.inputWaitMs ?? 0,
      });
      return { connection, tools: [], patterns: [] };
    });
  }

  /** The hooks of the run under way (one run at a time uses a manager). */
  attach(hooks: McpRunHooks): void {
    this.hooks = hooks;
  }

  /**
   * Discovers every server (from the cache when fresh, so without any request) and returns their
   * tools. Never throws for a server's sake: a failing server becomes a warning.
   */
  async connectAll(signal?: AbortSignal): Promise<McpConnectResult> {
    const warnings: McpWarning[] = [];
    const unauthorized = new Map<string, McpAuthorizationRequired>();
    const failures = new Map<string, string>();
    await Promise.all(
      this.servers.map(async (state) => {
        try {
          state.discovery = await this.discover(state.connection, signal);
        } catch (error) {
          state.discovery = undefined;
          if (error instanceof McpAuthorizationRequired) unauthorized.set(state.connection.name, error);
          else failures.set(state.connection.name, errorText(error));
          warnings.push(this.connectWarning(state.connection, error));
        }
      }),
    );
    this.assignTools();
    for (const state of this.servers) warnings.push(...state.patterns);
    const authorizations = [...unauthorized.values()].flatMap(({ server, authorizationUrl }) => (authorizationUrl ? [{ server, authorizationUrl }] : []));
    const servers = this.servers.map(({ connection: { name }, tools, patterns }): McpServerStatus => {
      const asked = unauthorized.get(name);
      if (asked) {
        const why = asked.authorizationUrl ? { authorizationUrl: asked.authorizationUrl } : { error: asked.message };
        return { name, status: "needs_authorization", toolCount: 0, ...why };
      }
      const error = failures.get(name);
      if (error !== undefined) return { name, status: "failed", toolCount: 0, error };
      return { name, status: "connected", toolCount: tools.length, ...(patterns.length ? { warnings: patterns } : {}) };
    });
    const live = this.servers.filter((s) => s.discovery !== undefined);
    return {
      tools: live.flatMap((s) => s.tools),
      instructions: live.flatMap((s) => (s.discovery?.instructions ? [{ server: s.connection.name, text: s.discovery.instructions }] : [])),
      skills: promptSkills(live.map((s) => ({ connection: s.connection, prompts: s.discovery?.prompts ?? [] }))),
      warnings,
      authorizations,
      servers,
    };
  }

  /** The transport that worked for a server, once known. */
  transportOf(server: string): McpTransportName | undefined {
    return this.servers.find((s) => s.connection.name === server)?.connection.transport;
  }

  /** Ends every server's session; the manager stays usable (sessions reopen when needed). */
  async close(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.connection.close()));
  }

  private async discover(connection: McpServerConnection, signal?: AbortSignal): Promise<ServerDiscovery> {
    const cached = await this.cache.get(connection.name);
    if (cached && cached.url === connection.config.url) {
      connection.transport ??= cached.transport;
      return cached;
    }
    // Through the breaker, so a server that keeps failing at run start is not waited on every run.
    const discovery = await connection.breaker.run(
      () => connection.discover(signal),
      (error) => !signal?.aborted && !(error instanceof McpAuthorizationRequired),
    );
    await this.cache.set(connection.name, discovery, this.cacheTtlMs);
    return discovery;
  }

  private connectWarning(connection: McpServerConnection, error: unknown): McpWarning {
    if (error instanceof McpAuthorizationRequired && !error.authorizationUrl) {
      return {
        server: connection.name,
        code: "mcp_operator_authorization_required",
        message: `MCP server ${connection.name} is left out of this run until the operator authorizes it: it has ${SHARED_CONNECTION}.`,
      };
    }
    if (error instanceof McpAuthorizationRequired) {
      return {
        server: connection.name,
        code: "mcp_authorization_required",
        message: `MCP server ${connection.name} is left out of this run until it is authorized (POST /v1/mcp/servers/${connection.name}/authorize).`,
      };
    }
    if (error instanceof CircuitOpenError) {
      return {
        server: connection.name,
        code: "mcp_circuit_open",
        message: `MCP server ${connection.name} is left out of this run: it failed repeatedly (circuit open).`,
      };
    }
    const reason = errorText(error);
    return {
      server: connection.name,
      code: "mcp_connect_failed",
      message: `MCP server ${connection.name} (${connection.config.url}) is left out of this run: ${reason}`,
    };
  }

  /** (Re)builds every server's Tools; names are assigned in config order, so they are stable. */
  private assignTools(): void {
    const taken = new Set<string>();
    for (const state of this.servers) {
      state.tools = state.discovery ? this.toolsOf(state.connection, state.discovery, taken) : [];
      state.patterns = state.discovery ? patternWarnings(state.connection, state.discovery) : [];
    }
  }

  private toolsOf(connection: McpServerConnection, discovery: ServerDiscovery, taken: Set<string>): Tool[] {
    const server = connection.name;
    const offered = toolFilter(connection.config);
    const tools = discovery.tools
      .filter((t) => offered(t.name))
      .map((t) => mcpTool(t, assignToolName(server, t.name, taken), connection, this.connectTimeoutMs));
    if (discovery.resources && offered(READ_RESOURCE)) {
      tools.push(readResourceTool(assignToolName(server, READ_RESOURCE, taken), discovery.resources, connection, this.connectTimeoutMs));
    }
    return tools;
  }

  /** After notifications/tools/list_changed: re-list, re-cache, and tell the run if anything changed. */
  private async refresh(connection: McpServerConnection): Promise<void> {
    const state = this.servers.find((s) => s.connection === connection);
    if (!state?.discovery) return;
    let tools: McpToolDefinition[];
    try {
      tools = await connection.listTools();
    } catch (error) {
      this.hooks.emit?.({
        type: "warning",
        code: "mcp_tools_refresh_failed",
        message: `MCP server ${connection.name} changed its tools, but listing them again failed: ${errorText(error)}`,
      });
      return;
    }
    if (JSON.stringify(tools) === JSON.stringify(state.discovery.tools)) return;
    state.discovery = { ...state.discovery, tools };
    await this.cache.set(connection.name, state.discovery, this.cacheTtlMs);
    const before = state.tools.map((t) => t.name);
    const warned = new Set(state.patterns.map((w) => w.message));
    this.assignTools();
    for (const w of state.patterns) if (!warned.has(w.message)) this.hooks.emit?.({ type: "warning", code: w.code, message: w.message, server: w.server });
    const after = new Set(state.tools.map((t) => t.name));
    this.hooks.onToolsChanged?.({ server: connection.name, tools: state.tools, removed: before.filter((n) => !after.has(n)) });
  }
}

/**
 * A warning for each allowTools/denyTools pattern of a server that matches none of the names it lists (its tools,
 * prompts and read_resource): such a pattern offers nothing, or keeps nothing out, and the server's tools would
 * be missing (or present) without a word. The usual cause is the model-facing spelling, mcp__<server>__<tool>.
 */
function patternWarnings(connection: McpServerConnection, discovery: ServerDiscovery): McpWarning[] {
  const names = [...discovery.tools.map((t) => t.name), ...(discovery.resources ? [READ_RESOURCE] : []), ...(discovery.prompts ?? []).map((p) => p.name)];
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? `, and ${names.length - 5} more` : "");
  const matched = names.length ? `none of the ${names.length} names it lists (${shown})` : "nothing: it lists no tools or prompts";
  return unmatchedPatterns(connection.config, names).map(({ field, index, pattern }) => ({
    server: connection.name,
    code: "mcp_tool_pattern_unmatched",
    message:
      `MCP server ${connection.name}: ${field}.${index} (${JSON.stringify(pattern)}) matches ${matched}, ` +
      `so it ${field === "allowTools" ? "offers nothing" : "keeps nothing out"}. Patterns are over the server's own names, not mcp__<server>__<tool>.`,
  }));
}
