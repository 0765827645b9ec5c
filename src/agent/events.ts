// One event union feeds the SSE stream, the audit trace, the bots and the webhook hooks.
// The names of the public ones are the contract of shared/API.md.
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

/** A run's lifecycle: queued → running → (awaiting_approval | awaiting_input → running)* → a terminal state. */
export type RunStatus = "queued" | "running" | "awaiting_approval" | "awaiting_input" | "completed" | "failed" | "cancelled" | "max_steps";

export interface Todo {
  id: string;
  text: string;
  status: "pending" | "in_progress" | "completed";
}

export interface ErrorInfo {
  code: string;
  message: string;
}

export interface RunResult {
  runId: string;
  status: RunStatus;
  output: string;
  steps: number;
  usage: Usage;
  error?: ErrorInfo;
}

export type AgentEvent =
  | { type: "run.started"; runId: string }
  | { type: "text.delta"; delta: string }
  /** A reasoning model's thinking (reasoning_content / reasoning); streamed, never stored in history. */
  | { type: "reasoning.delta"; delta: string }
  | { type: "tool.started"; callId: string; name: string; args: unknown }
  | { type: "tool.progress"; callId: string; name: string; progress: number; total?: number; message?: string }
  | { type: "tool.finished"; callId: string; name: string; status: ToolStatus; output: string; durationMs?: number; truncated?: boolean }
  | { type: "todo.updated"; todos: Todo[] }
  | { type: "todo.reminded"; idleTurns: number }
  | { type: "subagent.started"; prompt: string; paradigm: string; tools: string[] }
  | { type: "subagent.finished"; status: RunStatus; steps: number; usage: Usage; toolsUsed: string[] }
  | { type: "approval.required"; approvalId: string; callId: string; name: string; args: unknown; expiresAt: string }
  /** `by` names who decided ("api", "telegram:<user>", …) or "expiry" when no one did in time. */
  | { type: "approval.decided"; approvalId: string; callId: string; name: string; decision: "allow" | "deny"; by: string }
  /** `step` is the loop's step; 0 for a call outside the loop's steps (a compaction summary, the blind answer check). */
  /** `images`: how many images the request carries (absent when none); the trace never holds their bytes. */
  | {
      type: "model.request";
      step: number;
      model: string;
      purpose: ModelPurpose;
      messageCount: number;
      toolCount: number;
      estimatedTokens: number;
      images?: number;
    }
  | {
      type: "model.response";
      step: number;
      model: string;
      purpose: ModelPurpose;
      usage: Usage;
      latencyMs: number;
      finishReason: string;
      retries: number;
    }
  | { type: "context.compacted"; replacedMessages: number; summaryTokens: number; beforeTokens: number; afterTokens: number }
  | { type: "warning"; code: string; message: string }
  /** save_document stored a document: channels deliver it by key, never by parsing the tool's text. */
  | { type: "document.saved"; key: string; link: string; title: string; status: "final" | "draft"; findings: string[] }
  /** An MCP server asked the user for input (elicitation); the run waits in awaiting_input. */
  | { type: "input.required"; inputId: string; server: string; message: string; requestedSchema: unknown; expiresAt: string }
  /** How the question was settled: `by` names who answered ("api", …), or "expiry", "run" (it stopped), "restart" (the call was lost). */
  | { type: "input.answered"; inputId: string; server: string; action: "accept" | "decline" | "cancel"; by: string }
  /** An MCP server needs OAuth before its tools can be used; the run goes on without them. */
  | { type: "mcp.authorization_required"; server: string; authorizationUrl: string }
  | { type: "run.completed"; runId: string; status: RunStatus; output: string; steps: number; usage: Usage }
  | { type: "run.failed"; runId: string; error: ErrorInfo }
  /** One attempt to deliver an event to a webhook (trace only; never itself delivered). */
  | {
      type: "webhook.attempt";
      webhookId: string;
      event: string;
      /** The receiver's origin (its path may hold a credential). */
      origin: string;
      attempt: number;
      outcome: "delivered" | "retrying" | "gave_up";
      status?: number;
      error?: string;
      nextAttemptAt?: string;
    };

export type EventType = AgentEvent["type"];

/** Events marked with the subagent that produced them (absent for the top-level agent). */
export type SourcedEvent = AgentEvent & { agent?: string };

export type Emit = (event: SourcedEvent) => void;

/** Every event type, for config that names them (HOOKS); the Record makes a new type fail to compile until listed. */
export const EVENT_TYPES: readonly EventType[] = Object.keys({
  "run.started": 1,
  "text.delta": 1,
  "reasoning.delta": 1,
  "tool.started": 1,
  "tool.progress": 1,
  "tool.finished": 1,
  "todo.updated": 1,
  "todo.reminded": 1,
  "subagent.started": 1,
  "subagent.finished": 1,
  "approval.required": 1,
  "approval.decided": 1,
  "model.request": 1,
  "model.response": 1,
  "context.compacted": 1,
  warning: 1,
  "document.saved": 1,
  "input.required": 1,
  "input.answered": 1,
  "mcp.authorization_required": 1,
  "run.completed": 1,
  "run.failed": 1,
  "webhook.attempt": 1,
} satisfies Record<EventType, 1>) as EventType[];

/** The event types a stream client sees; the rest are for the audit trace. */
export const STREAM_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  "run.started",
  "text.delta",
  "reasoning.delta",
  "tool.started",
  "tool.progress",
  "tool.finished",
  "todo.updated",
  "subagent.started",
  "subagent.finished",
  "approval.required",
  "approval.decided",
  "warning",
  "document.saved",
  "input.required",
  "input.answered",
  "mcp.authorization_required",
  "run.completed",
  "run.failed",
]);

/** A stream ends after one of these. */
export const TERMINAL_EVENTS: ReadonlySet<EventType> = new Set<EventType>(["run.completed", "run.failed", "approval.required", "input.required"]);
