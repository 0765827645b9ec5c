// Request fields this model cannot honour, per wire: a client that sends one gets 400 unsupported_parameter
// naming it, never an answer that quietly ignored it (and a field the wire does not know, 400 unknown_parameter). docs/openai-compatible.md's field table is the
// contract; fields it calls ignored are accepted and have no effect (caching, service hints).
import { ParamError } from "./openai-errors";
import { CHAT_FIELDS, RESPONSES_FIELDS, refuseUnknownFields } from "./wire-fields";

interface Refusal {
  param: string;
  /** Whether this value asks for something the agent cannot do (false for the off values clients send by default). */
  refused(value: unknown): boolean;
  why: string;
}

const set = (v: unknown) => v !== undefined && v !== null;
const NO_LOGPROBS = "the reply is an agent's text written over several model calls, so it has no token log probabilities";

const CHAT: readonly Refusal[] = [
  { param: "n", refused: (v) => set(v) && v !== 1, why: "the agent writes one answer per request (n must be 1)" },
  { param: "logprobs", refused: (v) => v === true, why: NO_LOGPROBS },
  { param: "top_logprobs", refused: (v) => set(v) && v !== 0, why: NO_LOGPROBS },
  { param: "logit_bias", refused: (v) => set(v) && Object.keys(v as object).length > 0, why: "token biases cannot be applied across the agent's model calls" },
  { param: "audio", refused: set, why: "the agent answers in text only" },
  { param: "modalities", refused: (v) => Array.isArray(v) && v.some((m) => m !== "text"), why: "the agent answers in text only" },
  { param: "functions", refused: (v) => Array.isArray(v) && v.length > 0, why: "the legacy function-calling fields are not supported; send tools" },
  { param: "function_call", refused: set, why: "the legacy function-calling fields are not supported; send tool_choice" },
  { param: "moderation", refused: set, why: "this server runs no moderation" },
];

const INCLUDED_LOGPROBS: Refusal = {
  param: "include",
  refused: (v) => Array.isArray(v) && v.includes("message.output_text.logprobs"),
  why: `message.output_text.logprobs cannot be included: ${NO_LOGPROBS}`,
};

const RESPONSES: readonly Refusal[] = [
  { param: "reasoning.mode", refused: (v) => set(v) && v !== "standard", why: "the agent's model calls run in the standard reasoning mode" },
  {
    param: "reasoning.context",
    refused: (v) => v === "all_turns",
    why: "no model call here is given an earlier turn's reasoning (as current_turn)",
  },
  { param: "top_logprobs", refused: (v) => set(v) && v !== 0, why: NO_LOGPROBS },
  INCLUDED_LOGPROBS,
  { param: "prompt", refused: set, why: "stored prompt templates are not available; send instructions" },
  { param: "max_tool_calls", refused: set, why: "the agent's own tool calls are not capped per request" },
  { param: "moderation", refused: set, why: "this server runs no moderation" },
];

const NO_STREAM_AGAIN = "this GET answers the stored response as JSON and does not stream it again; stream the POST, or poll this GET";

const RETRIEVE: readonly Refusal[] = [
  INCLUDED_LOGPROBS,
  { param: "stream", refused: (v) => v === true, why: NO_STREAM_AGAIN },
  { param: "starting_after", refused: set, why: NO_STREAM_AGAIN },
];

/** The value at a dotted path ("reasoning.mode"), undefined where an object on the way is missing. */
const valueAt = (body: Record<string, unknown>, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), body);

function refuse(rules: readonly Refusal[], body: Record<string, unknown>): void {
  for (const r of rules) if (r.refused(valueAt(body, r.param))) throw new ParamError("unsupported_parameter", `${r.param}: ${r.why}.`, r.param);
}

/** 400 for a field the Chat Completions wire does not know, or one whose value it cannot honour. */
export function refuseChatParameters(body: Record<string, unknown>): void {
  refuseUnknownFields(CHAT_FIELDS, body);
  refuse(CHAT, body);
}

/** 400 for a field the Responses wire does not know, or one whose value it cannot honour. */
export function refuseResponsesParameters(body: Record<string, unknown>): void {
  refuseUnknownFields(RESPONSES_FIELDS, body);
  refuse(RESPONSES, body);
}

/** 400 for a query parameter of GET /v1/responses/:id whose value it cannot honour. */
export function refuseRetrieveParameters(query: Record<string, unknown>): void {
  refuse(RETRIEVE, query);
}
