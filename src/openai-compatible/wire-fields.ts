// The request fields each wire knows: every top-level field of the `openai` package's request types
// (ChatCompletionCreateParams, ResponseCreateParams), which OpenAI itself takes. Any other field is refused
// with 400 unknown_parameter naming it, as OpenAI refuses it: a misspelt `respone_format` would otherwise
// get free text where the client asked for JSON. test/openai-compatible/wire-fields-match-the-openai-types.test.ts
// keeps these lists equal to the package's types.
import { ParamError } from "./openai-errors";

export const CHAT_FIELDS: ReadonlySet<string> = new Set([
  "messages",
  "model",
  "audio",
  "frequency_penalty",
  "function_call",
  "functions",
  "logit_bias",
  "logprobs",
  "max_completion_tokens",
  "max_tokens",
  "metadata",
  "modalities",
  "moderation",
  "n",
  "parallel_tool_calls",
  "prediction",
  "presence_penalty",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning_effort",
  "response_format",
  "safety_identifier",
  "seed",
  "service_tier",
  "stop",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "user",
  "verbosity",
  "web_search_options",
]);

export const RESPONSES_FIELDS: ReadonlySet<string> = new Set([
  "access_programs",
  "background",
  "background_options",
  "context_management",
  "conversation",
  "image",
  "include",
  "input",
  "instructions",
  "max_output_tokens",
  "max_tool_calls",
  "metadata",
  "model",
  "moderation",
  "parallel_tool_calls",
  "previous_response_id",
  "prompt",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning",
  "safety_identifier",
  "service_tier",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "text",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "truncation",
  "user",
]);

/**
 * Fields outside the package's types that real clients send, known on both wires: the sampling extensions of
 * other OpenAI-compatible servers (vLLM, llama.cpp, OpenRouter), honoured as sampling is (sampling.ts), and
 * the Codex CLI's `client_metadata` (its installation's ids, which OpenAI takes and this server has no use for).
 */
export const EXTENSIONS: ReadonlySet<string> = new Set(["top_k", "min_p", "repetition_penalty", "client_metadata"]);

/** 400 unknown_parameter for the first field of `body` that the wire does not know. */
export function refuseUnknownFields(known: ReadonlySet<string>, body: Record<string, unknown>): void {
  const unknown = Object.keys(body).find((k) => !known.has(k) && !EXTENSIONS.has(k));
  if (unknown !== undefined) throw new ParamError("unknown_parameter", `Unrecognized request argument supplied: ${unknown}.`, unknown);
}
