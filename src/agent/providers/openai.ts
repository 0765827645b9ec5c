// The OpenAI provider: the one place that knows the Chat Completions wire. It converts domain messages
// and ToolSpecs to the wire and back, and maps the SDK's failures to ModelError codes. Retries (with
// Retry-After) and request timeouts are the SDK's; we count attempts. The OpenAI-compatible endpoint
// reads its clients' messages with fromWire, the same conversion in the other direction.
import OpenAI from "openai";
import type { Stream } from "openai/streaming";
import { VERSION } from "openai/version";
import type { Usage } from "../events";
import { namedText, newId, now, toolResultText, type ImageDetail, type ImageRef, type Message, type ToolCall } from "../messages";
import { ModelError, type ModelClient, type ModelRequest, type ModelResponse, type ResponseFormat, type ToolChoice } from "../model";
import type { ToolSpec } from "../tools";

export interface ModelConfig {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Injected for tests and for Workers' fetch; defaults to the global. */
  fetch?: typeof fetch;
}

export type WireMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export type WireTool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;

const ATTEMPT_HEADER = "x-agent-attempt-tag";
// The SDK names itself by its class's name, which the Worker's bundle does not keep (wrangler.toml
// keep_names = false); this is the name it gives itself.
const SDK_USER_AGENT = `OpenAI/JS ${VERSION}`;

/** One model call's reply without what `countedCall` adds. */
export type ModelReply = Omit<ModelResponse, "retries" | "latencyMs">;

/**
 * The SDK client both OpenAI providers use, and a wrapper for one model call that counts its attempts (the
 * SDK retries inside one `create` call; we count in fetch), times it and maps failures to ModelError codes.
 */
export function openAIClient(cfg: ModelConfig): {
  client: OpenAI;
  countedCall(signal: AbortSignal, call: (options: OpenAI.RequestOptions) => Promise<ModelReply>): Promise<ModelResponse>;
} {
  const attempts = new Map<string, number>();
  const baseFetch = cfg.fetch ?? ((input, init) => fetch(input, init));
  const countingFetch: typeof fetch = (input, init) => {
    // The SDK hands over a Headers object; copying it per request is measurable in workerd.
    const h = init?.headers;
    const tag = h instanceof Headers ? h.get(ATTEMPT_HEADER) : new Headers(h).get(ATTEMPT_HEADER);
    if (tag) attempts.set(tag, (attempts.get(tag) ?? 0) + 1);
    return baseFetch(input, init);
  };
  const client = new OpenAI({
    apiKey: cfg.apiKey,
    baseURL: cfg.baseURL || undefined,
    timeout: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    fetch: countingFetch,
    defaultHeaders: { "User-Agent": SDK_USER_AGENT },
    // Never debug, whatever OPENAI_LOG says: a debug line would show a request's details, and the bundle
    // leaves them unformatted (src/bundle-stubs/openai-log.ts).
    logLevel: "warn",
  });
  return {
    client,
    async countedCall(signal, call) {
      const tag = crypto.randomUUID();
      attempts.set(tag, 0);
      const started = Date.now();
      try {
        const out = await call({ signal, headers: { [ATTEMPT_HEADER]: tag } });
        return { ...out, retries: Math.max(0, (attempts.get(tag) ?? 1) - 1), latencyMs: Date.now() - started };
      } catch (e) {
        throw toModelError(e, signal);
      } finally {
        attempts.delete(tag);
      }
    },
  };
}

export function createOpenAIModel(cfg: ModelConfig): ModelClient {
  const { client, countedCall } = openAIClient(cfg);
  type Completion = OpenAI.Chat.Completions.ChatCompletion;
  type Chunks = Stream<OpenAI.Chat.Completions.ChatCompletionChunk>;
  const post = <T>(json: string, options: OpenAI.RequestOptions, stream: boolean) => postJson<T>(client, "/chat/completions", json, options, stream);

  // Some servers refuse stream_options (400); they are asked without it from then on, and usage comes if it comes.
  let streamOptions = true;
  const createStream = async (json: (fields: object) => string, options: OpenAI.RequestOptions) => {
    try {
      return await post<Chunks>(json({ stream: true, ...(streamOptions ? { stream_options: { include_usage: true } } : {}) }), options, true);
    } catch (e) {
      if (!streamOptions || !(e instanceof OpenAI.BadRequestError) || !/stream_options/.test(e.message)) throw e;
      streamOptions = false;
      return post<Chunks>(json({ stream: true }), options, true);
    }
  };

  return {
    model: cfg.model,
    complete(req) {
      // Chat Completions has no field for a reasoning summary: a server sends its reasoning or not.
      const { reasoning_summary: _summary, ...sampling } = req.sampling ?? {};
      const fields = {
        model: cfg.model,
        ...sampling,
        ...(req.tools.length ? { tool_choice: wireToolChoice(req.toolChoice) } : {}),
        ...(req.responseFormat ? { response_format: wireResponseFormat(req.responseFormat) } : {}),
        ...(req.tools.length && req.parallelToolCalls !== undefined ? { parallel_tool_calls: req.parallelToolCalls } : {}),
      };
      const json = (streaming: object) => requestJson({ ...fields, ...streaming }, req.system, req.messages, req.images, req.tools);
      return countedCall(req.signal, async (options) =>
        req.stream ? readStream(await createStream(json, options), req) : readCompletion(await post<Completion>(json({ stream: false }), options, false), req),
      );
    },
  };
}

/**
 * A model request whose body is JSON text already: the SDK sends a string with its content type as it is.
 * Its resource methods (chat.completions.create, responses.create) serialize every value of the body
 * through a replacer function (to find `stream`), which cost a long session more CPU than the rest of its
 * steps (BENCHMARKS.md, issue 29); the path, the auth, retries and the stream parsing are the same.
 */
export function postJson<T>(client: OpenAI, path: string, json: string, options: OpenAI.RequestOptions, stream: boolean) {
  return client.post<T>(path, { ...options, body: json, headers: { ...options.headers, "content-type": "application/json" }, stream });
}

/** Whether what a message shows depends on the call's images (a user turn's or a summary's). */
const hasImages = (m: Message): boolean => (m.role === "user" || m.role === "summary") && Boolean(m.images?.length);

/** Each message's wire JSON, kept per message object: a run's history holds the same objects from call to call. */
const wireJson = new WeakMap<Message, string>();
/** Each tool's wire JSON, kept per spec (specs are kept per tool: tools.ts). */
const toolJson = new WeakMap<ToolSpec, string>();
/** The last system prompt's wire JSON: a run's calls send the same prompt, kilobytes with the skills catalog. */
let lastSystem: { system: string; json: string } | undefined;

function systemJson(system: string): string {
  if (lastSystem?.system !== system) lastSystem = { system, json: JSON.stringify(wireSystem(system)) };
  return lastSystem.json;
}

const wireTool = (t: ToolSpec): WireTool => ({
  type: "function",
  function: { name: t.name, description: t.description, parameters: t.parameters, ...(t.strict ? { strict: true } : {}) },
});

/**
 * A request's body as JSON text (for postJson), from kept pieces: each call serializes only its new
 * messages and tools. A message with images is not kept: what it shows depends on the call's `images`.
 */
function requestJson(
  fields: Record<string, unknown>,
  system: string,
  messages: readonly Message[],
  images: ReadonlyMap<string, string> | undefined,
  tools: readonly ToolSpec[],
): string {
  const parts = system ? [systemJson(system)] : [];
  for (const m of messages) {
    let json = wireJson.get(m);
    if (json === undefined) {
      json = JSON.stringify(wireMessage(m, images));
      if (!hasImages(m)) wireJson.set(m, json);
    }
    parts.push(json);
  }
  let tail = `"messages":[${parts.join(",")}]`;
  if (tools.length) {
    const list = tools.map((t) => {
      let json = toolJson.get(t);
      if (json === undefined) toolJson.set(t, (json = JSON.stringify(wireTool(t))));
      return json;
    });
    tail += `,"tools":[${list.join(",")}]`;
  }
  const head = JSON.stringify(fields);
  return `${head.slice(0, -1)},${tail}}`;
}

function wireToolChoice(choice: ToolChoice | undefined): OpenAI.Chat.Completions.ChatCompletionToolChoiceOption {
  if (!choice) return "auto";
  return typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
}

function wireResponseFormat(f: ResponseFormat): OpenAI.ResponseFormatJSONObject | OpenAI.ResponseFormatJSONSchema {
  if (f.type === "json_object") return f;
  const { type, ...jsonSchema } = f;
  return { type, json_schema: jsonSchema };
}

const usageOf = (u: OpenAI.CompletionUsage | null | undefined): Usage | undefined =>
  u ? { promptTokens: u.prompt_tokens ?? 0, completionTokens: u.completion_tokens ?? 0, totalTokens: u.total_tokens ?? 0 } : undefined;

/** Fields OpenAI-compatible servers add to the wire (not in the SDK's types). */
interface ServerExtras {
  /** Thinking: DeepSeek, Qwen and vLLM say reasoning_content; OpenRouter, Ollama and Groq say reasoning. */
  reasoning_content?: string | null;
  reasoning?: string | null;
}
const reasoningOf = (x: ServerExtras | undefined): string =>
  typeof x?.reasoning_content === "string" ? x.reasoning_content : typeof x?.reasoning === "string" ? x.reasoning : "";

/** Call ids as the history needs them: each one unique (servers leave them out or repeat them; the loop names the missing). */
function uniqueIds(calls: ToolCall[]): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((c) => {
    const id = c.id && !seen.has(c.id) ? c.id : c.id ? newId("call") : "";
    seen.add(id);
    return { ...c, id };
  });
}

function readCompletion(res: OpenAI.Chat.Completions.ChatCompletion, req: ModelRequest): ModelReply {
  const choice = res?.choices?.[0];
  if (!choice?.message) throw new ModelError("model_bad_response", "The model's response had no message.");
  const reasoning = reasoningOf(choice.message as ServerExtras);
  if (reasoning) req.onReasoningDelta?.(reasoning);
  const calls = (choice.message.tool_calls ?? []).flatMap((c) =>
    c.type === "function" ? [{ id: c.id ?? "", name: c.function.name, args: c.function.arguments ?? "" }] : [],
  );
  return { content: choice.message.content ?? "", toolCalls: uniqueIds(calls), finishReason: choice.finish_reason ?? "stop", usage: usageOf(res.usage) };
}

/**
 * Assembles a streamed reply. Tool-call fragments are joined by their index (a whole call may come in one
 * chunk); usage may come in the last chunk, under Groq's x_groq, or not at all; reasoning goes to its own callback.
 */
async function readStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>, req: ModelRequest): Promise<ModelReply> {
  let content = "";
  let finishReason = "";
  let usage: Usage | undefined;
  const calls: ToolCall[] = [];
  try {
    for await (const chunk of stream) {
      const groq = (chunk as { x_groq?: { usage?: OpenAI.CompletionUsage } }).x_groq;
      if (chunk.usage || groq?.usage) usage = usageOf(chunk.usage ?? groq?.usage);
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const d = choice.delta;
      const reasoning = reasoningOf(d as ServerExtras);
      if (reasoning) req.onReasoningDelta?.(reasoning);
      if (d?.content) {
        content += d.content;
        req.onTextDelta?.(d.content);
      }
      for (const t of d?.tool_calls ?? []) {
        const c = (calls[t.index ?? Math.max(0, calls.length - 1)] ??= { id: "", name: "", args: "" });
        if (t.id) c.id = t.id;
        if (t.function?.name) c.name += t.function.name;
        if (t.function?.arguments) c.args += t.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (e) {
    // The connection broke after the answer began. Not retried: its first words were streamed already.
    if (e instanceof ModelError || req.signal.aborted) throw e;
    throw new ModelError("model_stream_cut", `The model's stream broke off before it finished (${e instanceof Error ? e.message : String(e)}).`);
  }
  // A stream that ends without a finish_reason was cut: its content cannot be trusted.
  if (!finishReason) throw new ModelError("model_stream_cut", "The model's stream ended before it finished.");
  return { content, toolCalls: uniqueIds(calls.filter(Boolean)), finishReason, usage };
}

export function toModelError(e: unknown, signal: AbortSignal): ModelError {
  if (e instanceof ModelError) return e;
  if (signal.aborted || e instanceof OpenAI.APIUserAbortError) return new ModelError("cancelled", "The run was cancelled.");
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new ModelError("model_timeout", "The model did not answer in time (after retries).");
  if (e instanceof OpenAI.APIConnectionError) return new ModelError("model_unreachable", `The model could not be reached: ${e.message}`);
  if (e instanceof OpenAI.RateLimitError)
    return new ModelError("model_rate_limited", "The model kept answering 429 (rate limited) after retries.", e.headers?.get("retry-after") ?? undefined);
  if (e instanceof OpenAI.AuthenticationError || e instanceof OpenAI.PermissionDeniedError)
    return new ModelError("model_auth_failed", `The model refused the credentials: ${e.message}`);
  if (e instanceof OpenAI.APIError && (e.status ?? 0) >= 500)
    return new ModelError("model_unavailable", `The model kept failing (HTTP ${e.status}) after retries.`);
  if (e instanceof OpenAI.APIError) return new ModelError("model_error", `The model rejected the request (HTTP ${e.status}): ${e.message}`);
  return new ModelError("model_bad_response", `The model's response could not be read: ${e instanceof Error ? e.message : String(e)}`);
}

/** What the model reads of an image it is not shown (not loaded for this call, or no vision). */
export const unseenImage = (i: ImageRef): string => `[An image was attached here (${i.key}, ${i.mediaType}), but it cannot be shown to this model.]`;

/** A user turn's (or a summary's) content: its text, then each image as a part when loaded (`images`), else a line saying so. */
function userContent(
  text: string,
  refs: readonly ImageRef[] | undefined,
  images: ReadonlyMap<string, string> | undefined,
): OpenAI.Chat.Completions.ChatCompletionUserMessageParam["content"] {
  if (!refs?.length) return text;
  const parts: OpenAI.Chat.Completions.ChatCompletionContentPart[] = text ? [{ type: "text", text }] : [];
  for (const i of refs) {
    const url = images?.get(i.key);
    parts.push(url ? { type: "image_url", image_url: { url, ...(i.detail ? { detail: i.detail } : {}) } } : { type: "text", text: unseenImage(i) });
  }
  return parts;
}

/** Domain messages → Chat Completions messages, with the system prompt first; `images` as ModelRequest.images. */
export function toWire(system: string, messages: readonly Message[], images?: ReadonlyMap<string, string>): WireMessage[] {
  return [...(system ? [wireSystem(system)] : []), ...messages.map((m) => wireMessage(m, images))];
}

const wireSystem = (content: string): WireMessage => ({ role: "system", content });

const nameOf = (m: { name?: string }): { name?: string } => (m.name ? { name: m.name } : {});

function wireMessage(m: Message, images: ReadonlyMap<string, string> | undefined): WireMessage {
  switch (m.role) {
    case "user":
      return { role: "user", ...nameOf(m), content: userContent(m.content, m.images, images) };
    case "assistant":
      return m.toolCalls?.length
        ? {
            role: "assistant",
            ...nameOf(m),
            content: m.content || null,
            tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.args } })),
          }
        : { role: "assistant", ...nameOf(m), content: m.content };
    case "tool":
      return { role: "tool", tool_call_id: m.toolCallId, content: toolResultText(m) };
    case "summary":
      // Providers accept no "summary" role; a user turn keeps the summary out of the system slot,
      // which stays byte-identical across turns for prompt caching.
      return { role: "user", content: userContent(`[Summary of the earlier conversation]\n${m.content}`, m.images, images) };
  }
}

/** The images of a Chat Completions content (its `image_url` parts), in order: each URL and the detail asked for. */
export function wireImageParts(content: unknown): { url: string; detail?: ImageDetail }[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((p) => {
    const url = p && typeof p === "object" && p.type === "image_url" ? (p.image_url?.url ?? p.image_url) : undefined;
    const detail: ImageDetail | null | undefined = p?.image_url?.detail;
    return typeof url === "string" ? [{ url, ...(detail ? { detail } : {}) }] : [];
  });
}

/** The stored images (`stored`: URL → reference) a message's image parts name, each at the detail its part asks for. */
export function storedImages(parts: readonly { url: string; detail?: ImageDetail }[], stored: ReadonlyMap<string, ImageRef>): ImageRef[] {
  return parts.flatMap(({ url, detail }) => {
    const ref = stored.get(url);
    return !ref ? [] : detail ? [{ ...ref, detail }] : [ref];
  });
}

/**
 * A Chat Completions message from a client (the OpenAI-compatible endpoint) → domain messages. A user
 * turn's `image_url` parts become references through `images` (URL → the stored image; the caller
 * stored them first, see wireImageParts). A user's or assistant's `name` stays on its message; a system
 * or developer message's, which the system prompt has no field for, goes before its text.
 */
export function fromWire(wire: readonly WireMessage[], images: ReadonlyMap<string, ImageRef> = new Map()): { system: string; messages: Message[] } {
  const system: string[] = [];
  const messages: Message[] = [];
  // An assistant's refusal part is what it said, as a text part is; image parts are read as images.
  const partText = (p: unknown): string => (p && typeof p === "object" ? ("text" in p ? String(p.text) : "refusal" in p ? String(p.refusal) : "") : "");
  const text = (c: unknown): string => (typeof c === "string" ? c : Array.isArray(c) ? c.map(partText).join("") : "");
  for (const w of wire) {
    const base = { id: newId("msg"), createdAt: now() };
    if (w.role === "system" || w.role === "developer") system.push(namedText(w.name, text(w.content)));
    else if (w.role === "user") {
      const refs = storedImages(wireImageParts(w.content), images);
      messages.push({ ...base, role: "user", ...nameOf(w), content: text(w.content), ...(refs.length ? { images: refs } : {}) });
    } else if (w.role === "assistant") {
      const calls = (w.tool_calls ?? []).flatMap((c) => (c.type === "function" ? [{ id: c.id, name: c.function.name, args: c.function.arguments }] : []));
      messages.push({ ...base, role: "assistant", ...nameOf(w), content: text(w.content), ...(calls.length ? { toolCalls: calls } : {}) });
    } else if (w.role === "tool") {
      messages.push({ ...base, role: "tool", toolCallId: w.tool_call_id, name: "", status: "success", content: text(w.content) });
    }
  }
  return { system: system.join("\n\n"), messages };
}
