// What clients see of a session and its runs (the Session object's answers): plain data, read from
// the store, with a paused run's `pending` read from the one table of pending interactions.
import type { Message, RunResult, Todo, Usage } from "../agent";
import type { PendingApproval } from "./approvals";
import type { PendingInput } from "./inputs";
import type { RunRow, SessionStore } from "./session-store";

export interface SessionView {
  id: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  messages: Array<Message & { toolCallId?: string }>;
  todos: Todo[];
  runs: RunView[];
  usage: Usage;
  /** `usage` split by model: writing, summaries, grading and subagents each on their own model. */
  usageByModel: Record<string, Usage>;
}

/** A run started, or found again for a repeated request; `reused`: an Idempotency-Key came with another body. */
export type StartedRun = { runId: string; replayed: boolean } | { reused: true };

/** What a paused run waits for: approvals of its tool calls (awaiting_approval), or answers to MCP servers' questions (awaiting_input, `kind: "input"`). */
export type PendingInteraction = PendingApproval | PendingInput;

export type RunView = RunResult & { createdAt: string; finishedAt?: string; pending?: PendingInteraction[] };

/** A run as clients see it, with what it waits for (`pending`, empty unless paused). */
export function runView(r: RunRow, pending: readonly PendingInteraction[]): RunView {
  return {
    runId: r.runId,
    status: r.status,
    output: r.output,
    steps: r.steps,
    usage: r.usage,
    ...(r.error ? { error: r.error } : {}),
    ...(pending.length ? { pending: [...pending] } : {}),
    createdAt: r.createdAt,
    ...(r.finishedAt ? { finishedAt: r.finishedAt } : {}),
  };
}

export function sessionView(store: SessionStore, viewOf: (r: RunRow) => RunView): SessionView {
  return {
    id: store.getMeta("id")!,
    metadata: JSON.parse(store.getMeta("metadata") ?? "{}"),
    createdAt: store.getMeta("created_at")!,
    messages: store.messages().map(({ seq: _seq, ...m }) => m),
    todos: store.todos(),
    runs: store.runs().map(viewOf),
    usage: store.totalUsage(),
    usageByModel: store.usageByModel(),
  };
}
