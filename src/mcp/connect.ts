// Opening an MCP session: an SDK Client over Streamable HTTP, or legacy SSE when the config names
// it, when the endpoint refuses the initial POST with a 4xx (an SSE-only server answers 404 or
// 405 there), the backwards-compatibility pattern the SDK documents, or when it answers that POST with
// a legacy SSE stream whose first event is `endpoint` (@mastra/mcp's startSSE serves any method so),
// which the Streamable HTTP transport would otherwise wait on until the connect timeout. `Client.connect` performs
// `initialize` and `notifications/initialized`. With an OAuth provider, the SDK's transport answers a
// 401 (and a 403 insufficient_scope) by running `auth()` with it.
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult, type Implementation } from "@modelcontextprotocol/sdk/types.js";
// The default ajv validator compiles schemas with `new Function`, which workerd forbids
// ("Code generation from strings disallowed"); this one interprets them.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import type { McpServerConfig, McpTransportName } from "./config";
import { errorText } from "./error-text";
import { withTimeout } from "./with-timeout";

export interface ConnectOptions {
  fetch?: FetchLike;
  /** Bound on the handshake (an SSE endpoint that never sends its `endpoint` event would hang). */
  timeoutMs: number;
  /** A transport known to work for this server (from an earlier discovery); skips the fallback. */
  knownTransport?: McpTransportName;
  clientInfo: Implementation;
  /** Called on `notifications/tools/list_changed` (debounced by the SDK). */
  onToolListChanged: () => void;
  authProvider?: OAuthClientProvider;
  /** Answers the server's `elicitation/create` (form mode); the SDK then applies the schema's defaults (SEP-1034). */
  elicit?: McpElicit;
}

export type McpElicit = (request: ElicitRequest["params"], signal: AbortSignal) => Promise<ElicitResult>;

export interface OpenedClient {
  client: Client;
  transport: McpTransportName;
}

/** The initializing POST was answered by a legacy SSE stream: its first event named the endpoint to post to. */
class LegacySseAnswer extends Error {
  constructor() {
    super("the endpoint answered the initializing POST with a legacy SSE stream (an `endpoint` event)");
  }
}

/** Most of a first SSE event read to learn its name. */
const FIRST_EVENT_MAX_BYTES = 4096;

/** The `event:` name of a stream's first event ("message" when it has none); reads no further, then lets go. */
async function firstEventName(stream: ReadableStream<Uint8Array>): Promise<string | undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < FIRST_EVENT_MAX_BYTES) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const end = text.search(/\r?\n\r?\n/);
      if (end < 0) continue;
      const event = text
        .slice(0, end)
        .split(/\r?\n/)
        .find((line) => line.startsWith("event:"));
      return event ? event.slice(6).trim() : "message";
    }
    return undefined;
  } finally {
    // Not awaited: a tee branch's cancel settles only once the other branch is cancelled too.
    void reader.cancel().catch(() => {});
  }
}

/** A fetch for the Streamable HTTP transport that tells a legacy SSE answer to `initialize` apart. */
function detectingLegacySse(base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    const initializing = init?.method === "POST" && !new Headers(init.headers).has("mcp-session-id");
    if (!initializing || !response.ok || !response.body || !response.headers.get("content-type")?.includes("text/event-stream")) return response;
    const [peek, pass] = response.body.tee();
    if ((await firstEventName(peek)) !== "endpoint") return new Response(pass, response);
    await pass.cancel().catch(() => {});
    throw new LegacySseAnswer();
  };
}

/** 4xx to the initial POST means "not a Streamable HTTP endpoint"; 401/403 mean "not allowed" and stay errors. */
function refusesStreamableHttp(error: unknown): boolean {
  if (error instanceof LegacySseAnswer) return true;
  return error instanceof StreamableHTTPError && error.code !== undefined && error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

function newTransport(server: McpServerConfig, kind: McpTransportName, opts: ConnectOptions): Transport {
  const url = new URL(server.url);
  const transportOptions = {
    requestInit: { headers: server.headers },
    ...(kind === "streamable-http" ? { fetch: detectingLegacySse(opts.fetch) } : opts.fetch && { fetch: opts.fetch }),
    ...(opts.authProvider && { authProvider: opts.authProvider }),
  };
  return kind === "sse" ? new SSEClientTransport(url, transportOptions) : new StreamableHTTPClientTransport(url, transportOptions);
}

async function connectWith(server: McpServerConfig, kind: McpTransportName, opts: ConnectOptions): Promise<Client> {
  const client = new Client(opts.clientInfo, {
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    // autoRefresh off: the SDK would re-list without following pagination; the caller re-lists.
    listChanged: { tools: { autoRefresh: false, debounceMs: 100, onChanged: () => opts.onToolListChanged() } },
    capabilities: { elicitation: { form: { applyDefaults: true } } },
  });
  const elicit = opts.elicit ?? (async () => ({ action: "decline" as const }));
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => elicit(request.params, extra.signal));
  try {
    const connected = client.connect(newTransport(server, kind, opts), { timeout: opts.timeoutMs });
    await withTimeout(connected, opts.timeoutMs, () => new Error(`no answer to initialize within ${opts.timeoutMs} ms`));
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

export async function openClient(server: McpServerConfig, opts: ConnectOptions): Promise<OpenedClient> {
  const fixed = server.transport ?? opts.knownTransport;
  if (fixed) return { client: await connectWith(server, fixed, opts), transport: fixed };
  try {
    return { client: await connectWith(server, "streamable-http", opts), transport: "streamable-http" };
  } catch (error) {
    if (!refusesStreamableHttp(error)) throw error;
    try {
      return { client: await connectWith(server, "sse", opts), transport: "sse" };
    } catch (sseError) {
      throw new Error(`Streamable HTTP refused (${errorText(error)}); legacy SSE failed too (${errorText(sseError)})`);
    }
  }
}
