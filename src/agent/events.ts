// One event union feeds the SSE stream, the audit trace, the bots and the webhook hooks. The core declares
// the loop's events; the product merges its own in (AgentEventMap). The public names are docs/api.md's contract.
import type { ToolStatus } from "./messages";
import type { ModelPurpose } from "./model";

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const emptyUsage = (): Usage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

export function addUsage(a: Usage, b: Partial<Usage> | undefined): Usage {
  if (!b) return a;
  return {
    promptTokens: a.promptTokens + (b.promptTokens ?? 0),
    completionTokens: a.completionTokens + (b.completionTokens ?? 0),
    totalTokens: a.totalTokens + (b.totalTokens ?? 0),
  };
}

/** A run's lifecycle: queued → running → (awaiting_approval | awaiting_input | awaiting_client_tools → running)* → a terminal state. */
export type RunStatus =
  | "queued"
  | "running"
  | "awaiting_approval"
  | "awaiting_input"
  | "awaiting_client_tools"
  | "completed"
  | "failed"
  | "cancelled"
  | "max_steps";

export interface Todo {
  id: string;
  text: string;
  status: "pending" | "in_progress" | "completed";
}

export interface ErrorInfo {
  code: string;
  message: string;
  /** The upstream's Retry-After (a rate limit), as it sent it: a caller may pass it on to its own client. */
  retryAfter?: string;
}

export interface RunResult {
  runId: string;
  status: RunStatus;
  output: string;
  steps: number;
  usage: Usage;
  error?: ErrorInfo;
}

/**
 * The loop's own events, by type. The product declares its events (a run's start and end, approvals,
 * inputs, saved documents, …) by merging keys into AgentEventMap from the module that owns them, the way
 * tools add RunStateVars keys: `declare module "…/agent/events" { interface AgentEventMap { "x.y": {…} } }`.
 */
export interface LoopEventMap {
  "text.delta": { delta: string };
  /** A reasoning model's thinking (reasoning_content / reasoning); streamed, never stored in history. */
  "reasoning.delta": { delta: string };
  /** `args`: what the call runs with (or a person is asked about); `modelArgs`: the model's own, when a beforeToolCall hook rewrote them. */
  "tool.started": { callId: string; name: string; args: unknown; modelArgs?: unknown };
  "tool.progress": { callId: string; name: string; progress: number; total?: number; message?: string };
  /** `outputChars`: set in a stored copy whose `output` is only a preview (the trace's; the history keeps the whole). */
  "tool.finished": { callId: string; name: string; status: ToolStatus; output: string; durationMs?: number; truncated?: boolean; outputChars?: number };
  "todo.updated": { todos: Todo[] };
  "todo.reminded": { idleTurns: number };
  "subagent.started": { prompt: string; paradigm: string; tools: string[] };
  "subagent.finished": { status: RunStatus; steps: number; usage: Usage; toolsUsed: string[] };
  /** `step` is the loop's step; 0 for a call outside the loop's steps (a compaction summary, the blind answer check). */
  /** `images`: how many images the request carries (absent when none); the trace never holds their bytes. */
  "model.request": { step: number; model: string; purpose: ModelPurpose; messageCount: number; toolCount: number; estimatedTokens: number; images?: number };
  "model.response": { step: number; model: string; purpose: ModelPurpose; usage: Usage; latencyMs: number; finishReason: string; retries: number };
  "context.compacted": { replacedMessages: number; summaryTokens: number; beforeTokens: number; afterTokens: number };
  /** `server`: the MCP server a warning is about, when it is about one. */
  warning: { code: string; message: string; server?: string };
}

/** Every event's fields by type: the loop's, and those the product merges in. */
export interface AgentEventMap extends LoopEventMap {}

export type EventType = keyof AgentEventMap;

/** The one event union, discriminated by `type`: consumers switch on it and read typed fields, no casts. */
export type AgentEvent = { [T in EventType]: { type: T } & AgentEventMap[T] }[EventType];

/** Events marked with the subagent that produced them (absent for the top-level agent). */
export type SourcedEvent = AgentEvent & { agent?: string };

export type Emit = (event: SourcedEvent) => void;

/**
 * How the product treats an event type on the wire: `stream` events reach a run's stream clients (the rest
 * are for the audit trace), and a stream ends after a `terminal` one.
 */
export interface EventTraits {
  stream: boolean;
  terminal?: true;
}

/** The runtime list of some event types with their traits; each owner exports its own, the product merges them. */
export type EventCatalogue<T extends EventType> = Readonly<Record<T, EventTraits>>;

/** The loop's events; the Record makes a new loop event fail to compile until it is listed here. */
export const LOOP_EVENTS: EventCatalogue<keyof LoopEventMap> = {
  "text.delta": { stream: true },
  "reasoning.delta": { stream: true },
  "tool.started": { stream: true },
  "tool.progress": { stream: true },
  "tool.finished": { stream: true },
  "todo.updated": { stream: true },
  "todo.reminded": { stream: false },
  "subagent.started": { stream: true },
  "subagent.finished": { stream: true },
  "model.request": { stream: false },
  "model.response": { stream: false },
  "context.compacted": { stream: false },
  warning: { stream: true },
};
