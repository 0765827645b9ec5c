// What clients see of a session and its runs (the Session object's answers): plain data, read from
// the store, with a paused run's `pending` read from the one table of pending interactions.
import { addUsage, emptyUsage, type Message, type RunResult, type Todo, type Usage } from "../../agent";
import type { PendingApproval } from "../interactions/approval-requests";
import type { PendingInput } from "../interactions/input-requests";
import type { PendingClientCall } from "../interactions/client-tool-calls";
import type { SessionStore } from "../session-store";
import type { RunRow } from "./run-row";

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

/** A run started, or (`replayed`) found again for a repeated request. */
export interface StartedRun {
  runId: string;
  replayed: boolean;
  /** The run's events from its start, when the caller asked to follow it in the same call (start-run.ts). */
  events?: ReadableStream<Uint8Array>;
}

/**
 * What a paused run waits for: approvals of its tool calls (awaiting_approval), answers to MCP servers'
 * questions (awaiting_input, `kind: "input"`), or a client's results of its own tools (awaiting_client_tools, `kind: "client_tool"`).
 */
export type PendingInteraction = PendingApproval | PendingInput | PendingClientCall;

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

/** A page of the session's messages (`GET /v1/sessions/:id?limit&before`); none: all of them. */
export interface MessagePage {
  limit: number;
  before?: number;
}

/**
 * The session as the JSON text of a SessionView, its messages spliced in as stored (no parse, no
 * re-serialization, one string across the RPC). A page adds `nextBefore`, the cursor to older messages.
 */
export function sessionViewJson(store: SessionStore, viewOf: (r: RunRow) => RunView, page?: MessagePage): string {
  const messages = store.messagesJson(page);
  const runs = store.runs.all();
  const head: Pick<SessionView, "id" | "metadata" | "createdAt"> = {
    id: store.id()!,
    metadata: JSON.parse(store.getMeta("metadata") ?? "{}"),
    createdAt: store.getMeta("created_at")!,
  };
  const tail: Omit<SessionView, keyof typeof head | "messages"> & { nextBefore?: number | null } = {
    ...(page ? { nextBefore: messages.nextBefore } : {}),
    todos: store.todos(),
    runs: runs.map(viewOf),
    usage: runs.reduce((sum, r) => addUsage(sum, r.usage), emptyUsage()),
    usageByModel: usageByModel(runs),
  };
  return `${JSON.stringify(head).slice(0, -1)},"messages":${messages.json},${JSON.stringify(tail).slice(1)}`;
}

/** The runs' usage split by model, every purpose and subagent included, by model name. */
export function usageByModel(runs: readonly RunRow[]): Record<string, Usage> {
  const byModel: Record<string, Usage> = {};
  for (const r of runs) for (const [model, u] of Object.entries(r.usageByModel ?? {})) byModel[model] = addUsage(byModel[model] ?? emptyUsage(), u);
  return Object.fromEntries(Object.entries(byModel).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
