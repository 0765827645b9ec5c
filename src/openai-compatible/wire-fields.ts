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

/** The values `include` may name on the Responses wire (ResponseIncludable); refused-parameters.ts says which are refused. */
export const RESPONSES_INCLUDABLE = [
  "file_search_call.results",
  "web_search_call.results",
  "web_search_call.action.sources",
  "message.input_image.image_url",
  "computer_call_output.output.image_url",
  "code_interpreter_call.outputs",
  "reasoning.encrypted_content",
  "message.output_text.logprobs",
] as const;

/** The query parameters of GET /v1/responses/:id (ResponseRetrieveParams). */
export const RETRIEVE_PARAMETERS: ReadonlySet<string> = new Set(["include", "include_obfuscation", "starting_after", "stream"]);

/**
 * Fields outside the package's types that real clients send, known on both wires: the sampling extensions of
 * other OpenAI-compatible servers (vLLM, llama.cpp, OpenRouter), honoured as sampling is (sampling.ts), and
 * the Codex CLI's `client_metadata` (its installation's ids, which OpenAI takes and this server has no use for).
 */
export const EXTENSIONS: ReadonlySet<string> = new Set(["top_k", "min_p", "repetition_penalty", "client_metadata"]);

/** 400 unknown_parameter for the first query parameter of `url`: OpenAI's routes take none but GET /v1/responses/:id. */
export function refuseQuery(url: string): void {
  const start = url.indexOf("?");
  const name = start === -1 ? undefined : [...new URLSearchParams(url.slice(start)).keys()][0];
  if (name !== undefined) throw new ParamError("unknown_parameter", `Unrecognized query parameter supplied: ${name}; this route takes none.`, name);
}

/** 400 unknown_parameter for the first field of `body` that the wire does not know (nor, for a body, its extensions). */
export function refuseUnknownFields(known: ReadonlySet<string>, body: Record<string, unknown>, extensions: ReadonlySet<string> = EXTENSIONS): void {
  const unknown = Object.keys(body).find((k) => !known.has(k) && !extensions.has(k));
  if (unknown !== undefined) throw new ParamError("unknown_parameter", `Unrecognized request argument supplied: ${unknown}.`, unknown);
}
