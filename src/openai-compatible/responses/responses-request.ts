// A Responses API request, read into one agent turn: the new input (the last user message of `input`),
// where the conversation lives (`previous_response_id`'s session, the session `conversation` names, a new
// session, or nowhere with `store: false`), and the caller's `instructions` as guidance.
import type { Context } from "hono";
import * as z from "zod";
import { type ImageRef, type Message, newId, now, type ResponseFormat } from "../../agent";
import { storeImageUrls } from "../../images/image-url";
import { imageSettings } from "../../images/settings";
import { responsesImages } from "../wire-images";
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
import type { TurnPlace } from "../turn-run";
import { Id } from "../../http-kit/validation";
import { parseResponseId, type ResponseRef } from "./response-id";
import { runSettings } from "../../session/runs/settings";

const Part = z.looseObject({ type: z.string(), text: z.string().optional() });
const Item = z.looseObject({
  type: z.string().optional(),
  role: z.enum(["user", "assistant", "system", "developer"]).optional(),
  content: z.union([z.string(), z.array(Part)]).optional(),
});

// Loose: clients send sampling and caching parameters (temperature, include, truncation, …) an agent has no use for;
// refused-parameters.ts refuses what it cannot honour (docs/openai-compatible.md's field table).
const ResponsesRequest = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string().min(1, "input must not be empty"), z.array(Item).min(1, "input must not be empty")]),
  instructions: z.string().nullish(),
  previous_response_id: z.string().nullish(),
  conversation: z.union([Id, z.looseObject({ id: Id })]).nullish(),
  store: z.boolean().nullish(),
  stream: z.boolean().nullish(),
  background: z.boolean().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  tools: z.array(z.looseObject({ type: z.string() })).nullish(),
  text: z.looseObject({ format: ResponsesTextFormat.nullish() }).nullish(),
});

/** Items this server produced itself (its tool activity, reasoning): a client sending its history back includes them; they carry nothing new. */
const SERVER_ITEMS = new Set(["mcp_call", "mcp_list_tools", "mcp_approval_request", "reasoning", "item_reference"]);

export interface ResponsesTurn {
  place: TurnPlace;
  /** A repeat of this request (same Idempotency-Key, or an automatic retry) gets the earlier run back. */
  dedupe: RunDedupe;
  /** The response this one continues, when `previous_response_id` named one. */
  previous?: ResponseRef;
  conversation?: string;
  input: string;
  /** The input's images (its `input_image` parts), stored. */
  images?: ImageRef[];
  /** `instructions` and the system/developer messages of `input`. */
  guidance?: string;
  stream: boolean;
  background: boolean;
  metadata: Record<string, string>;
  /** text.format json_object / json_schema: the answer's shape. */
  answerFormat?: ResponseFormat;
  /** `store` as sent (true when absent, as in the API), echoed in the response. */
  store: boolean;
}

export async function readResponsesTurn(c: Context<AppEnv>): Promise<ResponsesTurn> {
  const req = await parseOpenAIBody(c, ResponsesRequest);
  refuseResponsesParameters(req);
  const answerFormat = responsesAnswerFormat(req.text?.format);
  if (req.tools?.length)
    throw new ParamError("unsupported_parameter", "This agent runs its own tools server-side; it cannot call tools the client defines.", "tools");
  if (req.previous_response_id && req.conversation)
    throw new ParamError("invalid_request", "previous_response_id and conversation cannot be used together.", "conversation");
  if (req.store === false && (req.previous_response_id || req.conversation))
    throw new ParamError("invalid_request", "store: false is stateless; it cannot continue a stored conversation.", "store");
  if (req.background && req.store === false) throw new ParamError("invalid_request", "background responses must be stored.", "background");

  const images = await storeImageUrls(
    c.env.IMAGES,
    imageSettings(c.env),
    c.get("tenant"),
    typeof req.input === "string" ? [] : req.input.flatMap((item, i) => (item.role === "user" ? responsesImages(item.content, i) : [])),
  );
  const { system, messages } = readItems(req.input, images);
  const last = messages.at(-1);
  if (last?.role !== "user" || (!last.content.trim() && !last.images?.length))
    throw new ParamError("invalid_request", "The input must end with a user message with text or an image.", "input");
  const maxChars = runSettings(c.env).MAX_INPUT_CHARS;
  if (last.content.length > maxChars) throw new ParamError("input_too_long", `The last user message is longer than MAX_INPUT_CHARS (${maxChars}).`, "input");

  const history = messages.slice(0, -1);
  const previous = req.previous_response_id ? parseResponseId(req.previous_response_id, "previous_response_id") : undefined;
  const conversation = typeof req.conversation === "string" ? req.conversation : req.conversation?.id;
  const idempotencyKey = await idempotencyKeyOf(c);
  const named = previous?.sessionId ?? conversation;
  const place: TurnPlace =
    req.store === false
      ? { kind: "stateless", history }
      : named
        ? { kind: "session", sessionId: named, seed: history }
        : { kind: "session", sessionId: await newSessionId(c.get("tenant"), idempotencyKey?.key), seed: history, derived: true };
  const guidance = [req.instructions, system].filter(Boolean).join("\n\n");
  return {
    place,
    dedupe: { idempotencyKey, detectRetry: true },
    ...(previous ? { previous } : {}),
    ...(conversation ? { conversation } : {}),
    input: last.content,
    ...(last.images?.length ? { images: last.images } : {}),
    ...(guidance ? { guidance } : {}),
    stream: req.stream === true,
    background: req.background === true,
    metadata: req.metadata ?? {},
    ...(answerFormat ? { answerFormat } : {}),
    store: req.store !== false,
  };
}

/**
 * The session a new conversation starts in. With an Idempotency-Key it is named by the key, so a repeat of
 * the request finds the run the first one started there; without one it is new every time.
 */
async function newSessionId(tenant: Tenant, key: string | undefined): Promise<string> {
  return derivedId("response", key ? (await sha256Hex(JSON.stringify([tenant, key]))).slice(0, 32) : crypto.randomUUID());
}

/** `input` → the caller's system text and the conversation as domain messages (`images`: stored image URL → its reference). */
function readItems(input: string | z.output<typeof Item>[], images: ReadonlyMap<string, ImageRef>): { system: string; messages: Message[] } {
  if (typeof input === "string") return { system: "", messages: [{ id: newId("msg"), createdAt: now(), role: "user", content: input }] };
  const system: string[] = [];
  const messages: Message[] = [];
  input.forEach((item, i) => {
    const type = item.type ?? "message";
    if (SERVER_ITEMS.has(type)) return;
    if (type !== "message" || !item.role)
      throw new ParamError("unsupported_item", `input[${i}]: items of type '${type}' are not supported; send messages.`, `input[${i}].type`);
    const text = textOf(item.content, i);
    if (item.role === "system" || item.role === "developer") system.push(text);
    else if (item.role === "assistant") messages.push({ id: newId("msg"), createdAt: now(), role: "assistant", content: text });
    else {
      const refs = responsesImages(item.content, i).flatMap((img) => images.get(img.url) ?? []);
      messages.push({ id: newId("msg"), createdAt: now(), role: "user", content: text, ...(refs.length ? { images: refs } : {}) });
    }
  });
  return { system: system.join("\n\n"), messages };
}

function textOf(content: string | z.output<typeof Part>[] | undefined, i: number): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((p, k) => {
      if (p.text !== undefined && (p.type === "input_text" || p.type === "output_text")) return p.text;
      if (p.type === "input_image") return ""; // an image, read by responsesImages
      throw new ParamError("unsupported_content", `input[${i}].content[${k}]: content of type '${p.type}' is not supported; send text.`, `input[${i}].content`);
    })
    .join("");
}
