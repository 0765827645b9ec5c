// A Chat Completions request, read into one agent turn: the new input, where the conversation lives
// (a session named by X-Session-Id, or the one its earlier messages continue: conversations/), and the
// client's own system prompt.
import type { Context } from "hono";
import * as z from "zod";
import { fromWire, type ImageRef, type Message, type WireMessage } from "../agent";
import { imageSettings } from "../images/settings";
import { chatImages, checkWireImages } from "./wire-images";
import { refuseUnreadParts } from "./chat-message-parts";
import { refuseMalformedToolHistory } from "./chat-tool-history";
import type { AppEnv } from "../http-kit/app-env";
import { ParamError } from "./openai-errors";
import { MODEL_ID } from "./chat-wire";
import { stripProgressLines } from "./progress-lines";
import { ChatResponseFormat, chatAnswerFormat } from "./response-format";
import { ChatSampling, samplingOf } from "./sampling";
import { refuseChatParameters } from "./refused-parameters";
import { Stop, stopSequences } from "./stop-sequences";
import { Id } from "../http-kit/validation";
import { refuseQuery } from "./wire-fields";
import { runSettings } from "../session/runs/settings";
import { imagesOwner } from "../session/runs/images-owner";
import type { AnswerSettings, ClientTools } from "../session/runs/run-row";
import { readClientResults, readClientTools, type ClientResults } from "./client-tools";

const Content = z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).nullish();

/** A function call needs its function's name and arguments; other call types (custom tools) are refused by chat-tool-history.ts. */
const ToolCallEntry = z
  .looseObject({ id: z.string(), type: z.string(), function: z.looseObject({ name: z.string().min(1), arguments: z.string() }).optional() })
  .refine((c) => c.type !== "function" || c.function !== undefined, { message: "a function tool call needs function: {name, arguments}", path: ["function"] });

/** A participant's name, held to OpenAI's rule: its pattern (^[a-zA-Z0-9_-]+$) and the 64 characters its docs allow. */
const Name = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, _ or -")
  .nullish();

const ChatMessage = z.discriminatedUnion("role", [
  z.looseObject({ role: z.enum(["system", "developer", "user"]), content: Content, name: Name }),
  z.looseObject({
    role: z.literal("assistant"),
    content: Content,
    name: Name,
    tool_calls: z.array(ToolCallEntry).nullish(),
  }),
  z.looseObject({ role: z.literal("tool"), content: Content, tool_call_id: z.string() }),
]);

// Loose: refused-parameters.ts refuses a field the wire does not know or cannot honour, and accepts those
// docs/openai-compatible.md's field table calls ignored (caching, service hints).
const ChatRequest = z.looseObject({
  ...ChatSampling,
  model: z.string().min(1),
  messages: z.array(ChatMessage).min(1, "messages must not be empty"),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  user: z.string().nullish(),
  response_format: ChatResponseFormat.nullish(),
  stop: Stop,
  // Read by client-tools.ts, which names the field at fault.
  tools: z.unknown().optional(),
  tool_choice: z.unknown().optional(),
  parallel_tool_calls: z.unknown().optional(),
});

export interface ChatTurn {
  /**
   * The session named by X-Session-Id, whose conversation `history` must be (or empty); without it the conversation
   * is found by `history` (conversations/).
   */
  sessionId?: string;
  /** The conversation before the input, as the client sent it, progress lines left out (empty when resuming). */
  history: Message[];
  /** Where each message of `history`, then the input's, is in the request's `messages` (its system messages are not in the history). */
  at: number[];
  /** The request's `user`: its conversations are found among that user's only. */
  user?: string;
  input: string;
  /** The input's images (its `image_url` parts), checked; `storeImages` stores them. */
  images?: ImageRef[];
  /**
   * Stores the request's images the turn writes (all without `only`), once nothing else can refuse it; the history's
   * are written into a conversation only where it does not hold them yet (conversation-place.ts).
   */
  storeImages(only?: readonly ImageRef[]): Promise<void>;
  /** The input's author (its message's `name`). */
  inputName?: string;
  /**
   * The client's system and developer messages (guidance added to the agent's system prompt, as on the
   * Responses API) and response_format json_object / json_schema (the answer's shape). A request that
   * resumes a run sets them for the rest of it, as a new request does for its run.
   */
  answer: AnswerSettings;
  /** The client's stop sequences; the reply ends before the first. */
  stop: string[];
  stream: boolean;
  includeUsage: boolean;
  progress: boolean;
  /** The client's own tools (client-tools.ts). */
  clientTools?: ClientTools;
  /** The request ends with tool results: they resume the run that waits for them (and `input` is empty). */
  resume?: ClientResults;
  /** Those results as tool messages, as the conversation holds them. */
  results?: Message[];
}

export async function readChatTurn(c: Context<AppEnv>): Promise<ChatTurn> {
  const req = await parseOpenAIBody(c, ChatRequest);
  refuseChatParameters(req);
  const { JSON_SCHEMA_MAX_DEPTH } = runSettings(c.env);
  const answerFormat = chatAnswerFormat(req.response_format, JSON_SCHEMA_MAX_DEPTH);
  const stop = stopSequences(req.stop);
  if (answerFormat && stop.length)
    throw new ParamError("unsupported_parameter", "stop cannot be combined with a JSON response_format: the JSON would be cut.", "stop");
  // As OpenAI does: stream_options shapes a stream, and a reply that is not streamed would quietly drop it.
  if (req.stream_options != null && req.stream !== true)
    throw new ParamError("invalid_request", "stream_options is only allowed with stream: true.", "stream_options");
  refuseUnreadParts(req.messages);
  refuseMalformedToolHistory(req.messages);

  // A named session needs no finding: `user`, which only scopes the search for a conversation, has nothing to choose then
  // (but for a front end's conversation the header names: conversations/ holds it under the index its `user` chose).
  const sessionId = sessionOf(c.req.header("x-session-id"));
  // Tool messages last resume a run: no image of the request is read then. Otherwise every message's are, with
  // X-Session-Id too: the earlier messages are compared with the session's, images and all (conversations/).
  const firstResult = req.messages.findLastIndex((m) => m.role !== "tool") + 1;
  const resuming = firstResult < req.messages.length;
  const wireImages = resuming ? [] : chatImages(req.messages);
  const owner = await imagesOwner(c.env, c.get("tenant"), sessionId, wireImages.length);
  const images = await checkWireImages(c.env.IMAGES, imageSettings(c.env), owner, wireImages, {
    field: "messages",
    hint: "Send only the new message with X-Session-Id (the session holds the history), or start a new conversation.",
  });
  const { system, messages } = fromWire(req.messages as WireMessage[], images.refs);
  const clientTools = readClientTools(req, "chat", JSON_SCHEMA_MAX_DEPTH);
  const stream = req.stream === true;
  // max_tokens is max_completion_tokens's older name; OpenAI's newer models take only the new one.
  // `user` is safety_identifier's deprecated name too: passed on as it when that is absent and it fits its limit.
  const asSafetyIdentifier = req.user && req.user.length <= 128 ? req.user : undefined;
  const sampling = samplingOf({
    ...req,
    max_completion_tokens: req.max_completion_tokens ?? req.max_tokens,
    safety_identifier: req.safety_identifier ?? asSafetyIdentifier,
  });
  const who = req.user ? { user: req.user } : {};
  const shared = {
    storeImages: images.store,
    stream,
    includeUsage: stream && req.stream_options?.include_usage === true,
    progress: (c.req.header("x-agent-progress") ?? "").toLowerCase() !== "none",
    stop,
    answer: { ...(system ? { guidance: system } : {}), ...(answerFormat ? { answerFormat } : {}), ...(sampling ? { sampling } : {}) },
    ...(clientTools ? { clientTools } : {}),
  };
  // Tool messages last: the client ran its tools, and their results resume the run that called them.
  if (resuming) {
    const results = messages.slice(firstResult - req.messages.length).map((m, k) => ({
      callId: m.role === "tool" ? m.toolCallId : "",
      output: m.content,
      param: `messages[${firstResult + k}].tool_call_id`,
    }));
    const answered = messages.slice(firstResult - req.messages.length);
    return { ...shared, history: [], at: [], ...who, input: "", resume: readClientResults(results), results: answered };
  }
  const last = messages.at(-1);
  if (last?.role !== "user" || (!last.content.trim() && !last.images?.length)) {
    throw new ParamError("invalid_request", "The last message must be a user message with text or an image: it is the new input.", "messages");
  }
  const maxChars = runSettings(c.env).MAX_INPUT_CHARS;
  if (last.content.length > maxChars) throw new ParamError("input_too_long", `The last user message is longer than MAX_INPUT_CHARS (${maxChars}).`, "messages");

  return {
    ...(sessionId ? { sessionId } : {}),
    history: messages.slice(0, -1).map(withoutProgressLines),
    at: req.messages.flatMap((m, i) => (m.role === "system" || m.role === "developer" ? [] : [i])),
    ...who,
    input: last.content,
    ...(last.images?.length ? { images: last.images } : {}),
    ...(last.name ? { inputName: last.name } : {}),
    ...shared,
  };
}

/** X-Session-Id names the session as is (400 if it is not a valid id). */
function sessionOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const r = Id.safeParse(header);
  if (!r.success) throw new ParamError("invalid_session_id", `X-Session-Id: ${r.error.issues[0]?.message}`, null);
  return r.data;
}

/** Our progress lines in an earlier reply are not part of what the agent said. */
function withoutProgressLines(m: Message): Message {
  return m.role === "assistant" ? { ...m, content: stripProgressLines(m.content) } : m;
}

/** Reads a request body through `schema`, with OpenAI's 400s naming the param at fault; the model must be ours. */
export async function parseOpenAIBody<S extends z.ZodType<{ model: string }>>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  refuseQuery(c.req.url);
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new ParamError("invalid_json", "The request body is not valid JSON.", null);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalidParam(parsed.error);
  const req = parsed.data;
  if (req.model !== MODEL_ID) throw new ParamError("model_not_found", `The model '${req.model}' does not exist; this server offers '${MODEL_ID}'.`, "model");
  return req;
}

/** 400 invalid_request naming the field of the first issue, as OpenAI writes params: messages[0].role. */
export function invalidParam(error: z.ZodError): ParamError {
  const issue = error.issues[0]!;
  return new ParamError("invalid_request", `${pathOf(issue.path) || "body"}: ${issue.message}`, pathOf(issue.path) || null);
}

/** A zod issue path as OpenAI writes params: messages[0].role. */
function pathOf(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}
