// A scripted OpenAI-compatible model server: a real HTTP server speaking the Chat Completions wire
// format (JSON and SSE, in the dialects of model-dialects.ts) and the Responses API wire
// (scripted-responses-wire.ts), driven by scripts the tests register. Every test reaches it through the real
// `openai` client (directly, or through the Worker), so nothing of the agent loop is mocked.
//
// Scripts are keyed: a request belongs to the script whose key appears as `[[script:KEY]]` in any of
// its messages (tests put it in the user's input; a scripted subagent prompt carries its own key).
// Each request takes the next reply of its script; when a script runs out, the model answers an
// error so a test can see it went one step too far.
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLocal, type LocalServer } from "./local-server";
import { DIALECTS, type Dialect, type DialectName } from "./model-dialects";
import { responsesMessages, sendResponse } from "./scripted-responses-wire";

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded; a string is sent as is (to script invalid JSON). */
  args: unknown;
  id?: string;
}

export interface Reply {
  /** Final or accompanying assistant text. */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Defaults to "tool_calls" when there are calls, else "stop". */
  finishReason?: string;
  /** Answer this HTTP status instead (429, 500, …) with an OpenAI error body. */
  status?: number;
  /** Seconds, sent as Retry-After with an error status. */
  retryAfter?: number;
  /** Wait before answering (ms). */
  delayMs?: number;
  /** Send this body verbatim with status 200 (garbage bodies). */
  raw?: string;
  /** Streaming only: drop the connection after this many chunks. */
  cutAfterChunks?: number;
  /** Pieces the text and each call's arguments are split into when streaming (default 3). */
  pieces?: number;
  /** Streaming only: wait this long before each chunk, so a client can watch the text arrive. */
  chunkDelayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** A reasoning model's thinking, sent before the text where the dialect puts it. */
  reasoning?: string;
  /** The server this reply imitates (model-dialects.ts); default "openai". */
  dialect?: DialectName;
  /** Single quirks over the dialect (tool ids missing or repeated, usage absent, …). */
  quirks?: Partial<Dialect>;
  /** Computed from the request (in-process scripts only). */
  dynamic?: (req: RecordedRequest) => Reply;
}

export interface RecordedRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

interface Script {
  replies: Reply[];
  requests: RecordedRequest[];
  /**
   * The successful reply given to each Idempotency-Key (the openai client sends one per request and keeps it
   * across its retries): a retry after a connection lost on a loaded machine gets the same reply, as a
   * server that honours the key answers, instead of using up the next one.
   */
  answered: Map<string, Reply>;
}

const KEY_RE = /\[\[script:([A-Za-z0-9_.:-]+)\]\]/;

export class ScriptedModel {
  private scripts = new Map<string, Script>();
  private local: LocalServer | undefined;
  port = 0;

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** The Worker vars that point its model at this server. */
  get workerVars(): Record<string, string> {
    return { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: this.baseURL, MODEL: "scripted-model" };
  }

  /** Registers (or replaces) a script; returns the marker to put in the input. */
  script(key: string, replies: Reply[]): string {
    this.scripts.set(key, { replies: [...replies], requests: [], answered: new Map() });
    return `[[script:${key}]]`;
  }

  requests(key: string): RecordedRequest[] {
    return this.scripts.get(key)?.requests ?? [];
  }

  remaining(key: string): number {
    return this.scripts.get(key)?.replies.length ?? 0;
  }

  async listen(port = 0): Promise<this> {
    // A client that gives up mid-request (its timeout, a cancel) is no failure of the server.
    this.local = await listenLocal((req, res) => void this.handle(req, res).catch(() => res.destroy()), port);
    this.port = this.local.port;
    return this;
  }

  async close(): Promise<void> {
    await this.local?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://x");
    // Control API, for tests running inside workerd that cannot reach this object directly.
    const control = url.pathname.match(/^\/__scripts\/([^/]+)(\/requests)?$/);
    if (control) {
      const key = decodeURIComponent(control[1]!);
      if (req.method === "POST" && !control[2]) {
        const marker = this.script(key, JSON.parse(body || "{}").replies ?? []);
        return json(res, 200, { marker });
      }
      return json(res, 200, { requests: this.requests(key), remaining: this.remaining(key) });
    }
    if (url.pathname === "/v1/models") return json(res, 200, { object: "list", data: [{ id: "scripted-model", object: "model" }] });
    const wire = url.pathname === "/v1/responses" ? "responses" : "chat";
    if ((url.pathname !== "/v1/chat/completions" && wire === "chat") || req.method !== "POST") return json(res, 404, oaiError("not found"));

    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body);
    } catch {
      return json(res, 400, oaiError("invalid JSON body"));
    }
    const recorded: RecordedRequest = {
      model: String(parsed.model),
      stream: parsed.stream === true,
      messages: wire === "responses" ? responsesMessages(parsed) : ((parsed.messages as RecordedRequest["messages"]) ?? []),
      tools: parsed.tools as RecordedRequest["tools"],
      tool_choice: parsed.tool_choice,
      headers: req.headers,
      body: parsed,
    };
    const key = findKey(recorded.messages);
    const script = key ? this.scripts.get(key) : undefined;
    if (!script) return json(res, 400, oaiError(`no script for this request (key ${key ?? "missing"})`));
    script.requests.push(recorded);
    const idempotencyKey = req.headers["idempotency-key"];
    const retried = typeof idempotencyKey === "string" ? script.answered.get(idempotencyKey) : undefined;
    let reply = retried ?? script.replies.shift();
    if (!reply) return json(res, 400, oaiError(`script ${key} has no replies left`));
    // Scripted faults (a status, a raw body, a delay past a timeout) are not kept: the retry they provoke gets the next reply.
    if (typeof idempotencyKey === "string" && !reply.status && reply.raw === undefined && !reply.delayMs) script.answered.set(idempotencyKey, reply);
    if (reply.dynamic) reply = { ...reply, ...reply.dynamic(recorded) };
    const dialect = dialectOf(reply);
    if (dialect.streamOptions === "rejected" && parsed.stream_options !== undefined) {
      // The reply stays for the request that comes back without stream_options.
      script.replies.unshift(reply);
      return json(res, 400, oaiError("Unrecognized request argument supplied: stream_options"));
    }

    if (reply.delayMs) {
      // A client that gave up (a cancel, a timeout) ends the wait: no timer outlives it and holds the test's process open.
      const gone = new AbortController();
      res.on("close", () => gone.abort());
      await sleep(reply.delayMs, gone.signal);
    }
    if (reply.status) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
      res.writeHead(reply.status, headers);
      return void res.end(JSON.stringify(oaiError(`scripted ${reply.status}`)));
    }
    if (reply.raw !== undefined) {
      res.writeHead(200, { "content-type": recorded.stream ? "text/event-stream" : "application/json" });
      return void res.end(reply.raw);
    }
    const usage = reply.usage ?? estimateUsage(body, reply);
    if (wire === "responses") return sendResponse(res, reply, usage, parsed);
    if (recorded.stream) return streamReply(res, reply, usage, parsed, dialect);
    return json(res, 200, completion(reply, usage, recorded.model, dialect));
  }
}

function findKey(messages: RecordedRequest["messages"]): string | undefined {
  for (const m of messages) {
    const text = typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? "");
    const hit = text.match(KEY_RE);
    if (hit) return hit[1];
  }
  return undefined;
}

/** Waits `ms`, or less when `signal` aborts first (the rest of the handler then finds the response gone). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

const oaiError = (message: string) => ({ error: { message, type: "invalid_request_error", code: null } });

function estimateUsage(requestBody: string, reply: Reply) {
  const prompt = Math.ceil(requestBody.length / 4);
  const completion = Math.ceil(((reply.text ?? "").length + JSON.stringify(reply.toolCalls ?? []).length) / 4);
  return { prompt_tokens: prompt, completion_tokens: completion };
}

export const dialectOf = (r: Reply): Dialect => ({ ...DIALECTS[r.dialect ?? "openai"], ...r.quirks });
export const argsText = (c: ScriptedToolCall) => (typeof c.args === "string" ? c.args : JSON.stringify(c.args ?? {}));

/** Ids for a reply's calls: the script's own, else the dialect's (unique, all the same, or none). */
function callIds(r: Reply, d: Dialect): Array<string | undefined> {
  const shared = `${d.idPrefix}${Math.random().toString(36).slice(2, 8)}`;
  return (r.toolCalls ?? []).map(
    (c, i) => c.id ?? (d.toolIds === "missing" ? undefined : d.toolIds === "repeated" ? shared : `${d.idPrefix}${i}_${Math.random().toString(36).slice(2, 8)}`),
  );
}

const finishOf = (r: Reply, d: Dialect) => r.finishReason ?? (r.toolCalls?.length ? d.finishWithTools : "stop");

function completion(reply: Reply, usage: { prompt_tokens: number; completion_tokens: number }, model: string, d: Dialect) {
  const ids = callIds(reply, d);
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.text ?? null,
          ...(reply.reasoning && d.reasoningField ? { [d.reasoningField]: reply.reasoning } : {}),
          ...(reply.toolCalls?.length
            ? {
                tool_calls: reply.toolCalls.map((c, i) => ({
                  ...(ids[i] !== undefined ? { id: ids[i] } : {}),
                  type: "function",
                  function: { name: c.name, arguments: argsText(c) },
                })),
              }
            : {}),
        },
        finish_reason: finishOf(reply, d),
      },
    ],
    ...(d.usage === "absent" ? {} : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  };
}

function split(s: string, n: number): string[] {
  if (s.length === 0) return [];
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

async function streamReply(
  res: ServerResponse,
  reply: Reply,
  usage: { prompt_tokens: number; completion_tokens: number },
  body: Record<string, unknown>,
  d: Dialect,
): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const base = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: String(body.model) };
  const delta = (delta: Record<string, unknown>, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const chunks: unknown[] = [delta({ role: "assistant", content: "" })];
  const pieces = reply.pieces ?? 3;
  if (reply.reasoning && d.reasoningField) for (const p of split(reply.reasoning, pieces)) chunks.push(delta({ [d.reasoningField]: p }));
  for (const p of split(reply.text ?? "", pieces)) chunks.push(delta({ content: p }));
  const ids = callIds(reply, d);
  (reply.toolCalls ?? []).forEach((c, index) => {
    const head = { index, ...(ids[index] !== undefined ? { id: ids[index] } : {}), type: "function" };
    if (d.toolArgs === "one") return chunks.push(delta({ tool_calls: [{ ...head, function: { name: c.name, arguments: argsText(c) } }] }));
    chunks.push(delta({ tool_calls: [{ ...head, function: { name: c.name, arguments: "" } }] }));
    for (const frag of split(argsText(c), pieces)) chunks.push(delta({ tool_calls: [{ index, function: { arguments: frag } }] }));
  });
  const total = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  const opts = body.stream_options as { include_usage?: boolean } | undefined;
  const finish = delta({}, finishOf(reply, d));
  chunks.push(d.usage === "x_groq" ? { ...finish, x_groq: { id: `req_${id}`, usage: total } } : finish);
  if (d.usage === "always" || (d.usage === "include_usage" && opts?.include_usage)) chunks.push({ ...base, choices: [], usage: total });
  let sent = 0;
  for (const c of chunks) {
    if (reply.cutAfterChunks !== undefined && sent >= reply.cutAfterChunks) {
      res.socket?.destroy();
      return;
    }
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    if (d.keepAlive) res.write(`${d.keepAlive}\n\n`);
    res.write(`data: ${JSON.stringify(c)}\n\n`);
    // Before a cut, give each chunk time to reach the client: it must really get the first part of the answer.
    if (reply.cutAfterChunks !== undefined) await sleep(5);
    sent++;
  }
  res.end("data: [DONE]\n\n");
}
