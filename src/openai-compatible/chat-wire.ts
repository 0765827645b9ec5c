// The Chat Completions response objects the OpenAI-compatible endpoint sends, in one place: the model
// entry, whole completions, stream chunks and usage, shaped exactly as OpenAI's clients parse them.
import type { RunStatus, Usage } from "../agent";

export const MODEL_ID = "study-agent";
/** A fixed creation time for the model entry (2026-01-01T00:00:00Z). */
const MODEL_CREATED = 1_767_225_600;

export const modelEntry = () => ({ id: MODEL_ID, object: "model" as const, created: MODEL_CREATED, owned_by: "study-agent-edge" });

export type FinishReason = "stop" | "length" | "tool_calls";

/** How the run ended, as a finish_reason: a run stopped at its step limit reads as cut off, one waiting for the client's tools as their calls. */
export const finishReasonOf = (status: RunStatus): FinishReason =>
  status === "max_steps" ? "length" : status === "awaiting_client_tools" ? "tool_calls" : "stop";

/** A call of one of the client's tools, as the wire hands it over. */
export interface WireToolCall {
  wireId: string;
  name: string;
  args: string;
}

const toolCall = (c: WireToolCall) => ({ id: c.wireId, type: "function" as const, function: { name: c.name, arguments: c.args } });

export const usageOf = (u: Usage) => ({ prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.totalTokens });

/** What every object of one reply shares: its id, creation time and model. */
export interface ReplyIdentity {
  id: string;
  created: number;
}

export function replyIdentity(runId: string): ReplyIdentity {
  return { id: `chatcmpl-${runId}`, created: Math.floor(Date.now() / 1000) };
}

export function completion(who: ReplyIdentity, content: string, finishReason: FinishReason, usage: Usage, calls: readonly WireToolCall[] = []) {
  const message = calls.length
    ? { role: "assistant" as const, content: content || null, refusal: null, tool_calls: calls.map(toolCall) }
    : { role: "assistant" as const, content, refusal: null };
  return {
    id: who.id,
    object: "chat.completion" as const,
    created: who.created,
    model: MODEL_ID,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: usageOf(usage),
    system_fingerprint: null,
  };
}

/** What every chunk of one reply shares. */
const chunkOf = (who: ReplyIdentity) => ({
  id: who.id,
  object: "chat.completion.chunk" as const,
  created: who.created,
  model: MODEL_ID,
  system_fingerprint: null,
});

/** One stream chunk; with include_usage, every chunk but the last carries `usage: null`, as OpenAI's do. */
export function chunk(
  who: ReplyIdentity,
  delta: { role?: "assistant"; content?: string; tool_calls?: unknown[] },
  finishReason: FinishReason | null,
  includeUsage: boolean,
) {
  return {
    ...chunkOf(who),
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  };
}

/** The chunk that hands the client its tool calls, whole, each at its index. */
export const toolCallsChunk = (who: ReplyIdentity, calls: readonly WireToolCall[], includeUsage: boolean) =>
  chunk(who, { tool_calls: calls.map((c, index) => ({ index, ...toolCall(c) })) }, null, includeUsage);

/** The last chunk when the client asked for stream_options.include_usage: no choices, the run's usage. */
export function usageChunk(who: ReplyIdentity, usage: Usage) {
  return { ...chunkOf(who), choices: [], usage: usageOf(usage) };
}
