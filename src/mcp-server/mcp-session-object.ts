// One Durable Object per MCP session: it holds the SDK's Web-standard Streamable HTTP transport and the
// study server, so every request of a session meets the same in-memory transport, and its SSE events
// are stored (event-store.ts) for a client that reconnects with Last-Event-ID, and a tool call's answer for
// one that sends the call again (answered-calls.ts). A long `study` call goes on
// when its client disconnects: an alarm heartbeat keeps the object awake while calls are in flight, and
// the answer waits in the event store. After the object was evicted, the session is rebuilt from the
// initialize request it stored, so the client keeps its Mcp-Session-Id, and from the log level the client set.
import { DurableObject } from "cloudflare:workers";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest, SetLevelRequestSchema, type LoggingLevel, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { Env } from "../env";
import { migrate } from "../lib/schema-migrations";
import type { Tenant } from "../lib/tenant";
import { AnsweredCalls } from "./answered-calls";
import { SqlEventStore } from "./event-store";
import { refuseInvalidParams } from "./invalid-params-guard";
import { MCP_SESSION_MIGRATIONS } from "./mcp-session-schema";
import { reusedId, trackRequestIds } from "./request-ids-in-flight";
import { mcpSessionSettings } from "./settings";
import { createStudyServer } from "./study-server";

/** Headers the /mcp route sets on the request it forwards (it drops any a client sent). */
export const MCP_FORWARD = { sessionId: "x-study-mcp-session", principal: "x-study-mcp-principal", tenant: "x-study-mcp-tenant" } as const;

const HEARTBEAT_MS = 30_000;

interface SessionRecord {
  sessionId: string;
  /** A digest of the credentials that opened the session: another key cannot use it. */
  principal: string;
  tenant: Tenant;
  initialize: unknown;
}

export class McpSessionObject extends DurableObject<Env> {
  private transport: Promise<WebStandardStreamableHTTPServerTransport> | undefined;
  private inFlight = 0;
  /** The ids of the requests the transport's server is answering. */
  private answering: ReadonlySet<RequestId> = new Set();

  async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get(MCP_FORWARD.sessionId) ?? "";
    const principal = request.headers.get(MCP_FORWARD.principal) ?? "";
    const tenant = JSON.parse(request.headers.get(MCP_FORWARD.tenant) ?? "null") as Tenant;
    const record = await this.ctx.storage.get<SessionRecord>("session");
    const body = request.method === "POST" ? await readJson(request) : undefined;
    const initializing = isInitializeRequest(body) || (Array.isArray(body) && body.some(isInitializeRequest));
    // A new session is only ever named by us (a random UUID; its agent session mcp-<id> relies on that): an
    // initialize naming an unknown one gets 404 too, and the spec has the client start again without it.
    if (record ? record.principal !== principal : !initializing || request.headers.has("mcp-session-id")) {
      return request.headers.has("mcp-session-id")
        ? jsonRpcError(404, -32001, "Session not found")
        : jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    }

    const transport = await (this.transport ??= this.open(sessionId, new URL(request.url).origin, tenant, record));
    const reused = reusedId(body, this.answering);
    if (reused) return jsonRpcError(400, -32600, reused);
    const answered = new AnsweredCalls(this.ctx.storage.sql).answerTo(body);
    if (answered) return Response.json(answered, { headers: { "mcp-session-id": sessionId } });
    const response = await transport.handleRequest(request, body === undefined || body === INVALID_JSON ? {} : { parsedBody: body });
    if (initializing && !record && response.ok) await this.ctx.storage.put<SessionRecord>("session", { sessionId, principal, tenant, initialize: body });
    // The server keeps the level in memory only, and it decides which of a run's warnings the client hears.
    const level = levelSetBy(body);
    if (level && response.ok) await this.ctx.storage.put<LoggingLevel>(LOG_LEVEL, level);
    if (request.method === "DELETE" && response.ok) await this.close();
    return response;
  }

  /** The heartbeat: an alarm is an event, so the object is not idle while a tool call runs. */
  async alarm(): Promise<void> {
    if (this.inFlight > 0) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }

  /** Keeps the object awake until `work` ends (a tool call whose client may have gone). */
  private async keepAwake<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
    try {
      return await work();
    } finally {
      this.inFlight--;
    }
  }

  private async open(sessionId: string, origin: string, tenant: Tenant, record: SessionRecord | undefined): Promise<WebStandardStreamableHTTPServerTransport> {
    const config = mcpSessionSettings(this.env);
    // Here rather than in the constructor: a closed session's storage was wiped, and a new one may follow.
    migrate(this.ctx.storage, MCP_SESSION_MIGRATIONS);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      eventStore: new SqlEventStore(this.ctx.storage.sql, config.MCP_SERVER_MAX_EVENTS),
      retryInterval: 1000,
    });
    const server = await createStudyServer({ env: this.env, config, mcpSessionId: sessionId, origin, tenant, keepAwake: (work) => this.keepAwake(work) });
    await server.connect(transport);
    refuseInvalidParams(transport);
    this.answering = trackRequestIds(transport);
    new AnsweredCalls(this.ctx.storage.sql).follow(transport);
    if (record) {
      // Rebuilt after eviction: the stored initialize request puts the transport back in session, and the level
      // the client set is set again.
      await replay(transport, origin, record.initialize);
      const level = await this.ctx.storage.get<LoggingLevel>(LOG_LEVEL);
      if (level) await replay(transport, origin, { jsonrpc: "2.0", id: "restored-log-level", method: "logging/setLevel", params: { level } }, sessionId);
    }
    return transport;
  }

  private async close(): Promise<void> {
    const transport = await this.transport;
    this.transport = undefined;
    await transport?.close();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}

const INVALID_JSON = Symbol("invalid JSON");

/** The storage key of the level the client last set (logging/setLevel). */
const LOG_LEVEL = "logLevel";

/** The level a body's last valid logging/setLevel request sets; undefined when it sets none. */
function levelSetBy(body: unknown): LoggingLevel | undefined {
  return (Array.isArray(body) ? body : [body]).flatMap((m) => SetLevelRequestSchema.safeParse(m).data?.params.level ?? []).at(-1);
}

/** Hands the rebuilt transport a request the client made before the eviction; its answer goes to no one. */
async function replay(transport: WebStandardStreamableHTTPServerTransport, origin: string, body: unknown, sessionId?: string): Promise<void> {
  const headers = { accept: "application/json, text/event-stream", "content-type": "application/json", ...(sessionId && { "mcp-session-id": sessionId }) };
  const answer = await transport.handleRequest(new Request(`${origin}/mcp`, { method: "POST", headers }), { parsedBody: body });
  // Read to its end: the request has then been handled, before the client's next one.
  await answer.text();
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return INVALID_JSON;
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
