// How real OpenAI-compatible model servers bend the Chat Completions wire, as their docs and issue
// trackers describe it. The scripted model replays a reply in one of these dialects, so tests prove the
// agent reads each server as it really speaks.
export type DialectName = "openai" | "ollama" | "vllm" | "lmstudio" | "deepseek" | "openrouter" | "groq";

export interface Dialect {
  /** Where a reasoning model's thinking goes in a delta or message (absent: the server sends none). */
  reasoningField?: "reasoning_content" | "reasoning";
  /** Tool-call arguments in one chunk (the whole call at once) or in many fragments. */
  toolArgs: "one" | "many";
  /** Tool-call ids as OpenAI sends them, left out, or the same id for every call of a reply. */
  toolIds: "unique" | "missing" | "repeated";
  /** The prefix of the ids a server makes up. */
  idPrefix: string;
  /** finish_reason of a reply with tool calls. */
  finishWithTools: "tool_calls" | "stop";
  /** Where streamed usage comes: on stream_options.include_usage, always, in Groq's x_groq, never in streams (JSON answers have it), or never at all. */
  usage: "include_usage" | "always" | "x_groq" | "stream_absent" | "absent";
  /** A server that refuses a request carrying stream_options (400), or takes it. */
  streamOptions: "accepted" | "rejected";
  /** SSE comment lines between chunks (OpenRouter's keep-alive). */
  keepAlive?: string;
}

export const DIALECTS: Record<DialectName, Dialect> = {
  openai: { toolArgs: "many", toolIds: "unique", idPrefix: "call_", finishWithTools: "tool_calls", usage: "include_usage", streamOptions: "accepted" },
  // Ollama's /v1 compatibility layer: thinking as `reasoning`, each tool call whole in one chunk, finish_reason "stop" even with calls.
  ollama: {
    reasoningField: "reasoning",
    toolArgs: "one",
    toolIds: "unique",
    idPrefix: "call_",
    finishWithTools: "stop",
    usage: "include_usage",
    streamOptions: "accepted",
  },
  // vLLM with a reasoning parser: `reasoning_content`; arguments streamed in fragments; ids chatcmpl-tool-….
  vllm: {
    reasoningField: "reasoning_content",
    toolArgs: "many",
    toolIds: "unique",
    idPrefix: "chatcmpl-tool-",
    finishWithTools: "tool_calls",
    usage: "include_usage",
    streamOptions: "accepted",
  },
  // LM Studio: no usage in streams, and (older builds) a 400 on stream_options.
  lmstudio: { toolArgs: "many", toolIds: "unique", idPrefix: "", finishWithTools: "tool_calls", usage: "stream_absent", streamOptions: "rejected" },
  // DeepSeek's reasoner: `reasoning_content` before the answer; ids call_0_….
  deepseek: {
    reasoningField: "reasoning_content",
    toolArgs: "many",
    toolIds: "unique",
    idPrefix: "call_0_",
    finishWithTools: "tool_calls",
    usage: "include_usage",
    streamOptions: "accepted",
  },
  // OpenRouter: `reasoning` deltas, ": OPENROUTER PROCESSING" comments, usage in the last chunk whether asked or not.
  openrouter: {
    reasoningField: "reasoning",
    toolArgs: "many",
    toolIds: "unique",
    idPrefix: "call_",
    finishWithTools: "tool_calls",
    usage: "always",
    streamOptions: "accepted",
    keepAlive: ": OPENROUTER PROCESSING",
  },
  // Groq: whole tool calls in one chunk, streamed usage under x_groq.usage.
  groq: {
    reasoningField: "reasoning",
    toolArgs: "one",
    toolIds: "unique",
    idPrefix: "call_",
    finishWithTools: "tool_calls",
    usage: "x_groq",
    streamOptions: "accepted",
  },
};
