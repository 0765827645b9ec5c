// One event union feeds the SSE stream, the audit trace, the bots and the webhook hooks.
// The names of the public ones are the contract of shared/API.md.
import type { ToolStatus } from "./messages";

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

export type RunStatus = "running" | "completed" | "failed" | "cancelled" | "awaiting_approval" | "max_steps";

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
  | { type: "tool.started"; callId: string; name: string; args: unknown }
  | { type: "tool.progress"; callId: string; name: string; progress: number; total?: number; message?: string }
  | { type: "tool.finished"; callId: string; name: string; status: ToolStatus; output: string; durationMs?: number; truncated?: boolean }
  | { type: "todo.updated"; todos: Todo[] }
  | { type: "todo.reminded"; idleTurns: number }
  | { type: "subagent.started"; prompt: string; paradigm: string; tools: string[] }
  | { type: "subagent.finished"; status: RunStatus; steps: number; usage: Usage; toolsUsed: string[] }
  | { type: "approval.required"; approvalId: string; callId: string; name: string; args: unknown }
  | { type: "approval.decided"; approvalId: string; decision: "allow" | "deny"; by: string }
  | { type: "model.request"; step: number; model: string; messageCount: number; toolCount: number; estimatedTokens: number }
  | {
      type: "model.response";
      step: number;
      model: string;
      usage: Usage;
      latencyMs: number;
      finishReason: string;
      retries: number;
    }
  | { type: "context.compacted"; replacedMessages: number; summaryTokens: number; beforeTokens: number; afterTokens: number }
  | { type: "warning"; code: string; message: string }
  | { type: "run.completed"; runId: string; status: RunStatus; output: string; steps: number; usage: Usage }
  | { type: "run.failed"; runId: string; error: ErrorInfo };

export type EventType = AgentEvent["type"];

/** Events marked with the subagent that produced them (absent for the top-level agent). */
export type SourcedEvent = AgentEvent & { agent?: string };

export type Emit = (event: SourcedEvent) => void;

/** The event types a stream client sees; the rest are for the audit trace. */
export const STREAM_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  "run.started",
  "text.delta",
  "tool.started",
  "tool.progress",
  "tool.finished",
  "todo.updated",
  "subagent.started",
  "subagent.finished",
  "approval.required",
  "warning",
  "run.completed",
  "run.failed",
]);

/** A stream ends after one of these. */
export const TERMINAL_EVENTS: ReadonlySet<EventType> = new Set<EventType>(["run.completed", "run.failed", "approval.required"]);
