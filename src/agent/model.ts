// The model boundary as the core sees it: a provider-neutral request and response. A provider
// (providers/openai.ts speaks Chat Completions) implements ModelClient; the loop knows nothing of any wire.
import type { ErrorInfo, Usage } from "./events";
import type { Message, ToolCall } from "./messages";
import type { ToolSpec } from "./tools";

export type ToolChoice = "auto" | "none" | "required" | { name: string };

/**
 * A shape the model's answer must take, as OpenAI's APIs ask for it: any JSON object, or JSON valid against
 * a JSON Schema (`strict`: the provider enforces it while decoding). Providers pass it on as they spell it.
 */
export type ResponseFormat =
  | { type: "json_object" }
  | { type: "json_schema"; name: string; schema: Record<string, unknown>; strict?: boolean; description?: string };

/**
 * How the model samples its replies, as a client asked for them, spelt as Chat Completions spells them, with
 * the one request hint that is about the person and not the sampling (`safety_identifier`); every call of the
 * run passes them on (a provider on another wire maps the ones it spells otherwise).
 */
export interface Sampling {
  temperature?: number;
  top_p?: number;
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  reasoning_effort?: string;
  /**
   * The model's reasoning, summarised (`auto`, `concise`, `detailed`), is part of the reply: the run keeps it.
   * Chat Completions has no such field (its provider leaves it out; a server sends its reasoning or not), the
   * Responses API's is `reasoning.summary`.
   */
  reasoning_summary?: string;
  /** How long the answer is: `low`, `medium` or `high`. */
  verbosity?: string;
  /** The tokens each call may generate: a call cut at it ends with finish reason "length". */
  max_completion_tokens?: number;
  /** Sampling fields of other OpenAI-compatible servers (vLLM, llama.cpp, OpenRouter); OpenAI refuses them. */
  top_k?: number;
  min_p?: number;
  repetition_penalty?: number;
  /** The person the run answers, for the model provider's abuse detection. */
  safety_identifier?: string;
}

export interface ModelRequest {
  system: string;
  messages: readonly Message[];
  tools: readonly ToolSpec[];
  toolChoice?: ToolChoice;
  /** The answer's shape (a client's structured output): only the call that writes the final answer carries it. */
  responseFormat?: ResponseFormat;
  /** Whether the model may call several tools in one reply; the provider's default when absent. */
  parallelToolCalls?: boolean;
  sampling?: Sampling;
  stream: boolean;
  signal: AbortSignal;
  onTextDelta?: (delta: string) => void;
  /** A reasoning model's thinking as it arrives (reasoning_content / reasoning): shown, never part of the reply or the history. */
  onReasoningDelta?: (delta: string) => void;
  /**
   * The messages' images as data URLs by key, loaded for this call only (see withImages in the Worker).
   * An image without one reaches the model as a line saying it cannot be shown.
   */
  images?: ReadonlyMap<string, string>;
}

export interface ModelResponse {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string;
  usage?: Usage;
  retries: number;
  latencyMs: number;
}

/**
 * What a model call is for: the run's writing, or work a smaller model does as well. The core's purposes are
 * these; the product merges its own in (`declare module "…/agent/model" { interface ModelPurposes { grader: true } }`).
 */
export interface ModelPurposes {
  writing: true;
  summary: true;
  subagent: true;
}

export type ModelPurpose = keyof ModelPurposes;

export interface ModelClient {
  readonly model: string;
  /** Recorded with each call in the trace; "writing" when absent. */
  readonly purpose?: ModelPurpose;
  complete(req: ModelRequest): Promise<ModelResponse>;
}

/** A model failure with a stable code for the run's `error`. */
export class ModelError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The upstream's Retry-After header, when it sent one with its refusal. */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message, ...(this.retryAfter ? { retryAfter: this.retryAfter } : {}) };
  }
}
