// A Responses API request, read into one agent turn: the new input (the last user message of `input`), the
// items before it, where the conversation lives (`previous_response_id`'s session, the session `conversation`
// names, a new session, or nowhere with `store: false`), and the caller's `instructions` as guidance.
import type { Context } from "hono";
import * as z from "zod";
import { type ImageRef, type Message, newId, now, type ResponseFormat, type Sampling, storedImages } from "../../agent";
import { imageSettings } from "../../images/settings";
import { checkWireImages, responsesImages } from "../wire-images";
import type { Tenant } from "../../lib/tenant";
import { sha256Hex } from "../../lib/sha256-hex";
import { derivedId } from "../../lib/derived-ids";
import type { RunDedupe } from "../../session/runs/request-dedupe";
import type { AppEnv } from "../../http-kit/app-env";
import { idempotencyKeyOf } from "../../http-kit/idempotency-key";
import { ParamError } from "../openai-errors";
import { parseOpenAIBody } from "../chat-request";
import { ResponsesTextFormat, responsesAnswerFormat } from "../response-format";
import { refuseResponsesParameters } from "../refused-parameters";
import { RESPONSES_INCLUDABLE } from "../wire-fields";
import { ResponsesSampling, samplingOf, Verbosity } from "../sampling";
import type { TurnPlace } from "../turn-run";
import { Id } from "../../http-kit/validation";
import { parseResponseId, responseId, type ResponseRef } from "./response-id";
import { API_DEFAULTS } from "./response-echo";
import { ResponseMetadata } from "./response-metadata";
import { runSettings } from "../../session/runs/settings";
import { imagesOwner } from "../../session/runs/images-owner";
import type { ClientTools, ResponseEcho } from "../../session/runs/run-row";
import { readClientResults, readClientTools, type ClientResults } from "../client-tools";
import { refuseMalformedToolHistory } from "../chat-tool-history";
import { referencedMessages } from "./item-references";

const Part = z.looseObject({ type: z.string(), text: z.string().optional() });
const Item = z.looseObject({
  type: z.string().optional(),
  role: z.enum(["user", "assistant", "system", "developer"]).optional(),
  content: z.union([z.string(), z.array(Part)]).optional(),
  // function_call and function_call_output items (client tools): their call and its result.
  call_id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.string().optional(),
  output: z.union([z.string(), z.array(Part)]).optional(),
  // item_reference items: the item referred to (item-references.ts).
  id: z.string().nullish(),
});

// Loose: refused-parameters.ts refuses a field the wire does not know or cannot honour, and accepts those
// docs/openai-compatible.md's field table calls ignored (caching, service hints).
const ResponsesRequest = z.looseObject({
  ...ResponsesSampling,
  model: z.string().min(1),
  input: z.union([z.string().min(1, "input must not be empty"), z.array(Item).min(1, "input must not be empty")]),
  instructions: z.string().nullish(),
  // safety_identifier's deprecated name: passed on as it when that is absent, so held to its limit.
  user: z.string().max(128, "user goes to the model as safety_identifier, at most 128 characters").nullish(),
  previous_response_id: z.string().nullish(),
  conversation: z.union([Id, z.looseObject({ id: Id })]).nullish(),
  store: z.boolean().nullish(),
  stream: z.boolean().nullish(),
  background: z.boolean().nullish(),
  metadata: ResponseMetadata.nullish(),
  text: z.looseObject({ format: ResponsesTextFormat.nullish(), verbosity: Verbosity }).nullish(),
  // Read by client-tools.ts, which names the field at fault.
  tools: z.unknown().optional(),
  tool_choice: z.unknown().optional(),
  parallel_tool_calls: z.unknown().optional(),
  // Not applied (the field table says why), only echoed in the response as sent.
  truncation: z.enum(["auto", "disabled"]).nullish(),
  max_output_tokens: z.number().int().positive().nullish(),
  // Each value checked; refused-parameters.ts refuses logprobs, and the field table says why the others add nothing.
  include: z.array(z.enum(RESPONSES_INCLUDABLE)).nullish(),
});

/**
 * Items this server produced itself (its tool activity, reasoning): a client sending its history back includes
 * them; they carry nothing new. A reference to one is passed over too (item-references.ts).
 */
const SERVER_ITEMS = new Set(["mcp_call", "mcp_list_tools", "mcp_approval_request", "reasoning"]);

export interface ResponsesTurn {
  place: TurnPlace;
  /** A stored conversation starts with this request (no previous_response_id, conversation, nor results to resume). */
  newConversation?: boolean;
  /** A repeat of this request (same Idempotency-Key, or an automatic retry) gets the earlier run back. */
  dedupe: RunDedupe;
  /** The response this one continues, when `previous_response_id` named one. */
  previous?: ResponseRef;
  input: string;
  /** The messages of `input` before the new input, when the conversation is stored: its run stores them just before it. */
  earlier?: Message[];
  /** The input's images (its `input_image` parts), stored. */
  images?: ImageRef[];
  /** `instructions` and the system/developer messages of `input`. */
  guidance?: string;
  /** `instructions` alone: what the response echoes. */
  instructions?: string;
  stream: boolean;
  /** text.format json_object / json_schema: the answer's shape. */
  answerFormat?: ResponseFormat;
  /** `temperature`, `top_p`, `reasoning.effort`, `text.verbosity`, `max_output_tokens` and the rest of sampling.ts, for every model call of the run. */
  sampling?: Sampling;
  /** The client's own tools (client-tools.ts). */
  clientTools?: ClientTools;
  /** The input ends with function_call_output items: they resume the run that waits for them (and `input` is empty). */
  resume?: ClientResults;
  /** The request's fields its response repeats that no other run option keeps (`background`, `store`, `metadata`, …), kept with the run. */
  echo: ResponseEcho;
}

export async function readResponsesTurn(c: Context<AppEnv>): Promise<ResponsesTurn> {
  const req = await parseOpenAIBody(c, ResponsesRequest);
  refuseResponsesParameters(req);
  const { JSON_SCHEMA_MAX_DEPTH } = runSettings(c.env);
  const answerFormat = responsesAnswerFormat(req.text?.format, JSON_SCHEMA_MAX_DEPTH);
  const clientTools = readClientTools(req, "responses", JSON_SCHEMA_MAX_DEPTH);
  if (req.previous_response_id && req.conversation)
    throw new ParamError("invalid_request", "previous_response_id and conversation cannot be used together.", "conversation");
  if (req.store === false && (req.previous_response_id || req.conversation))
    throw new ParamError("invalid_request", "store: false is stateless; it cannot continue a stored conversation.", "store");
  if (req.background && req.store === false) throw new ParamError("invalid_request", "background responses must be stored.", "background");
  // OpenAI streams a background response and lets a dropped client pick the stream up again from GET; our GET
  // does not stream, so the pair is refused rather than one of them dropped.
  if (req.background && req.stream)
    throw new ParamError(
      "unsupported_parameter",
      "background: true cannot be combined with stream: true: a background response is polled with GET /v1/responses/:id, which does not stream. Send one of them.",
      "background",
    );

  const previous = req.previous_response_id ? parseResponseId(req.previous_response_id, "previous_response_id") : undefined;
  const conversation = typeof req.conversation === "string" ? req.conversation : req.conversation?.id;
  // function_call_output items last resume a run: no image of the request is read then, so none is counted or stored.
  const resuming = typeof req.input !== "string" && req.input.at(-1)?.type === "function_call_output";
  const wireImages =
    typeof req.input === "string" || resuming ? [] : req.input.flatMap((item, i) => (item.role === "user" ? responsesImages(item.content, i) : []));
  const owner = await imagesOwner(c.env, c.get("tenant"), previous?.sessionId ?? conversation, wireImages.length);
  const images = await checkWireImages(c.env.IMAGES, imageSettings(c.env), owner, wireImages, {
    field: "input",
    hint: "Continue a stored response with previous_response_id (then only the new input is sent), or start a new conversation.",
  });
  const referenced = typeof req.input === "string" ? new Map<number, string>() : await referencedMessages(c.env, c.get("tenant"), req.input);
  const { system, messages, itemOf } = readItems(req.input, images.refs, referenced);
  const sampling = samplingOf({
    ...req,
    reasoning_effort: req.reasoning?.effort,
    reasoning_summary: req.reasoning?.summary ?? req.reasoning?.generate_summary,
    verbosity: req.text?.verbosity,
    max_completion_tokens: req.max_output_tokens,
    safety_identifier: req.safety_identifier ?? req.user,
  });
  const guidance = [req.instructions, system].filter(Boolean).join("\n\n");
  const shared = {
    dedupe: { idempotencyKey: await idempotencyKeyOf(c), detectRetry: true },
    ...(guidance ? { guidance } : {}),
    ...(req.instructions ? { instructions: req.instructions } : {}),
    stream: req.stream === true,
    ...(answerFormat ? { answerFormat } : {}),
    ...(sampling ? { sampling } : {}),
    ...(clientTools ? { clientTools } : {}),
    echo: {
      background: req.background ?? API_DEFAULTS.background,
      store: req.store ?? API_DEFAULTS.store,
      metadata: req.metadata ?? API_DEFAULTS.metadata,
      previousResponseId: previous ? responseId(previous) : API_DEFAULTS.previousResponseId,
      conversation: conversation ?? API_DEFAULTS.conversation,
      truncation: req.truncation ?? API_DEFAULTS.truncation,
      maxOutputTokens: req.max_output_tokens ?? API_DEFAULTS.maxOutputTokens,
    },
  };
  // function_call_output items last: the client ran its tools, and their results resume the run that called them.
  const outputs = typeof req.input === "string" ? [] : trailingOutputs(req.input);
  refuseMalformedRounds(messages.slice(0, messages.length - outputs.length), itemOf);
  if (outputs.length) {
    const resume = readClientResults(outputs);
    // The calls' ids name their session: a conversation named beside them must be that one.
    const named = previous
      ? { sessionId: previous.sessionId, field: "previous_response_id" }
      : conversation
        ? { sessionId: conversation, field: "conversation" }
        : undefined;
    if (named && named.sessionId !== resume.sessionId) {
      const { callId, param } = outputs[0]!;
      throw new ParamError("tool_call_not_found", `${param}: ${callId} is a call of another conversation than ${named.field} names.`, param);
    }
    return {
      ...shared,
      place: { kind: "session", sessionId: resume.sessionId },
      ...(previous ? { previous } : {}),
      input: "",
      resume,
    };
  }
  const last = messages.at(-1);
  if (last?.role !== "user" || (!last.content.trim() && !last.images?.length))
    throw new ParamError("invalid_request", "The input must end with a user message with text or an image.", "input");
  const maxChars = runSettings(c.env).MAX_INPUT_CHARS;
  if (last.content.length > maxChars) throw new ParamError("input_too_long", `The last user message is longer than MAX_INPUT_CHARS (${maxChars}).`, "input");

  const history = messages.slice(0, -1);
  const idempotencyKey = shared.dedupe.idempotencyKey;
  const named = previous?.sessionId ?? conversation;
  const place: TurnPlace =
    req.store === false
      ? { kind: "stateless", history }
      : named
        ? { kind: "session", sessionId: named }
        : { kind: "session", sessionId: await newSessionId(c.get("tenant"), idempotencyKey?.key), derived: true };
  // Every image of the input is written (with the new input, or as the earlier items that follow the history), and
  // only now that nothing else can refuse the request.
  await images.store();
  return {
    ...shared,
    place,
    ...(req.store !== false && !named ? { newConversation: true } : {}),
    ...(previous ? { previous } : {}),
    input: last.content,
    // Stored with the run rather than as a new session's seed: a continued session (or a branch) has its history,
    // and the request's earlier items follow it, after the runs started before this one.
    ...(place.kind === "session" && history.length ? { earlier: history } : {}),
    ...(last.images?.length ? { images: last.images } : {}),
  };
}

/** The function_call_output items the input ends with, each with its call id, output text and param. */
function trailingOutputs(input: z.output<typeof Item>[]): Array<{ callId: string; output: string; param: string }> {
  const first = input.findLastIndex((item) => item.type !== "function_call_output") + 1;
  return input.slice(first).map((item, k) => ({
    callId: callField(item, first + k, "call_id"),
    output: textOf(item.output, `input[${first + k}].output`, false),
    param: `input[${first + k}].call_id`,
  }));
}

/**
 * The session a new conversation starts in. With an Idempotency-Key it is named by the key, so a repeat of
 * the request finds the run the first one started there; without one it is new every time.
 */
export async function newSessionId(tenant: Tenant, key: string | undefined): Promise<string> {
  return derivedId("response", key ? (await sha256Hex(JSON.stringify([tenant, key]))).slice(0, 32) : crypto.randomUUID());
}

/**
 * `input` → the caller's system text and the conversation as domain messages (`images`: stored image URL → its
 * reference; `referenced`: the text of the message each item_reference names, by its index), each message with
 * the input item it came from (`itemOf`; a round of calls, its first function_call).
 */
function readItems(
  input: string | z.output<typeof Item>[],
  images: ReadonlyMap<string, ImageRef>,
  referenced: ReadonlyMap<number, string>,
): { system: string; messages: Message[]; itemOf: number[] } {
  if (typeof input === "string") return { system: "", messages: [{ id: newId("msg"), createdAt: now(), role: "user", content: input }], itemOf: [0] };
  const system: string[] = [];
  const messages: Message[] = [];
  const itemOf: number[] = [];
  const push = (m: Message, i: number) => {
    messages.push(m);
    itemOf.push(i);
  };
  input.forEach((item, i) => {
    const type = item.type ?? "message";
    if (SERVER_ITEMS.has(type)) return;
    if (type === "item_reference") {
      const text = referenced.get(i);
      if (text !== undefined) push({ id: newId("msg"), createdAt: now(), role: "assistant", content: text }, i);
      return;
    }
    // A client's history of its own tools: the model's call, and the client's result.
    if (type === "function_call") {
      const call = { id: callField(item, i, "call_id"), name: callField(item, i, "name"), args: callField(item, i, "arguments") };
      const prev = messages.at(-1);
      if (prev?.role !== "assistant") push({ id: newId("msg"), createdAt: now(), role: "assistant", content: "", toolCalls: [call] }, i);
      else {
        if (!prev.toolCalls?.length) itemOf[messages.length - 1] = i;
        prev.toolCalls = [...(prev.toolCalls ?? []), call];
      }
      return;
    }
    if (type === "function_call_output") {
      const content = textOf(item.output, `input[${i}].output`, false);
      push({ id: newId("msg"), createdAt: now(), role: "tool", toolCallId: callField(item, i, "call_id"), name: "", status: "success", content }, i);
      return;
    }
    if (type !== "message" || !item.role)
      throw new ParamError("unsupported_item", `input[${i}]: items of type '${type}' are not supported; send messages.`, `input[${i}].type`);
    const text = textOf(item.content, `input[${i}].content`, item.role === "user");
    if (item.role === "system" || item.role === "developer") system.push(text);
    else if (item.role === "assistant") push({ id: newId("msg"), createdAt: now(), role: "assistant", content: text }, i);
    else {
      const refs = storedImages(responsesImages(item.content, i), images);
      push({ id: newId("msg"), createdAt: now(), role: "user", content: text, ...(refs.length ? { images: refs } : {}) }, i);
    }
  });
  return { system: system.join("\n\n"), messages, itemOf };
}

/**
 * The tool rounds of the input held to Chat Completions' rules (chat-tool-history.ts, as OpenAI holds both wires
 * to them): its refusal names the input item at fault, messages[k] being input[itemOf[k]], in this wire's words.
 */
function refuseMalformedRounds(messages: readonly Message[], itemOf: readonly number[]): void {
  try {
    refuseMalformedToolHistory(
      messages.map((m) =>
        m.role === "assistant"
          ? { role: "assistant", tool_calls: (m.toolCalls ?? []).map((call) => ({ id: call.id, type: "function" })) }
          : m.role === "tool"
            ? { role: "tool", tool_call_id: m.toolCallId }
            : { role: "user" },
      ),
    );
  } catch (err) {
    if (!(err instanceof ParamError) || !err.param) throw err;
    const named = (text: string) =>
      text
        .replaceAll(/messages\[(\d+)\]/g, (_, k: string) => `input[${itemOf[Number(k)]}]`)
        .replaceAll(".tool_call_id", ".call_id")
        .replaceAll(".tool_calls", "");
    throw new ParamError(
      err.code,
      `${named(err.message)} (Here a tool call is a function_call item, and the tool message answering it a function_call_output item.)`,
      named(err.param),
    );
  }
}

/**
 * A field of input[i], a function_call or function_call_output item, that the call is known by: refused when
 * missing or empty, since a call without its id, name or arguments reaches the model as one it cannot take.
 */
function callField(item: z.output<typeof Item>, i: number, field: "call_id" | "name" | "arguments"): string {
  const value = item[field];
  if (value) return value;
  throw new ParamError("invalid_request", `input[${i}].${field}: a ${item.type} item must carry the call's ${field}.`, `input[${i}].${field}`);
}

/**
 * The text of an item's `content` (or a function_call_output's `output`), which `field` names. Images are read
 * from user items only (responsesImages): one anywhere else is refused, never dropped.
 */
function textOf(content: string | z.output<typeof Part>[] | undefined, field: string, imagesRead: boolean): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((p, k) => {
      if (p.text !== undefined && (p.type === "input_text" || p.type === "output_text")) return p.text;
      if (p.type === "input_image" && imagesRead) return "";
      if (p.type === "input_image") throw new ParamError("unsupported_content", `${field}[${k}]: input_image is read in user items only.`, field);
      throw new ParamError("unsupported_content", `${field}[${k}]: content of type '${p.type}' is not supported; send text.`, field);
    })
    .join("");
}
