// Calls of the client's own tools (docs/openai-compatible.md#client-tools), inside the Session Durable
// Object. A run whose model called them stops (awaiting_client_tools): each call becomes a row of kind
// "client_tool" in the session's table of pending interactions (approval-store.ts) and the run emits
// `client_tools.required`. The client's next request brings the results: they become the calls' tool
// messages and the run resumes. Calls no result reaches within CLIENT_TOOLS_TTL_MS are abandoned: answered
// with an error, so the history stays well-formed, and their run is cancelled.
// Row fields: `name` is the client's name of the tool, `args` the arguments as the model wrote them (JSON
// text), `answer` the trace seq after which the resumed run's events follow.
import { type ClientCall, newId, now, type SourcedEvent, type ToolStatus } from "../../agent";
import type { SharedTables } from "../../lib/on-demand-tables";
import { refuse, type Outcome } from "../../lib/outcome";
import type { SessionStore } from "../session-store";

/** What a client sees of a call waiting for its result (the run's `pending`). */
export interface PendingClientCall {
  kind: "client_tool";
  callId: string;
  name: string;
  /** JSON text, as the model wrote it. */
  args: string;
  expiresAt: string;
}

/** A client's result of one call. */
export interface ClientToolResult {
  callId: string;
  output: string;
  status?: ToolStatus;
}

/** Results taken: the run resumed (or had already, for a repeat of the same results); its events after `seq` are the answer. */
export type ClientResultsOutcome = Outcome<{ runId: string; seq: number }, "tool_call_not_found" | "invalid_request">;

type Row = { id: string; call_id: string; name: string; args: string; status: string; expires_at: number; answer: string | null };

export class ClientToolCalls {
  constructor(
    /** The approvals table, created by the first pending interaction (schema.ts). */
    private readonly tables: SharedTables<"approvals">,
    private readonly store: SessionStore,
    /** Emits into the run's stream and trace; returns the trace seq. */
    private readonly emit: (runId: string, event: SourcedEvent) => number | undefined,
  ) {}

  /** Records the calls the run stopped for; the run's `pending` is the result. */
  open(runId: string, calls: readonly ClientCall[], ttlMs: number): PendingClientCall[] {
    const expiresAt = Date.now() + ttlMs;
    for (const c of calls)
      this.tables.insert(
        "approvals",
        "INSERT INTO approvals (id, run_id, call_id, name, args, status, created_at, expires_at, kind) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, 'client_tool')",
        newId("ctc"),
        runId,
        c.callId,
        c.name,
        c.args,
        now(),
        expiresAt,
      );
    return this.pending(runId);
  }

  /** Tells the run's stream what the client is to run; the stream ends there. */
  announce(runId: string, pending: readonly PendingClientCall[]): void {
    if (!pending.length) return;
    this.emit(runId, {
      type: "client_tools.required",
      calls: pending.map(({ callId, name, args }) => ({ callId, name, args })),
      expiresAt: pending[0]!.expiresAt,
    });
  }

  pending(runId: string): PendingClientCall[] {
    return this.rows(runId, "pending").map((r) => ({
      kind: "client_tool",
      callId: r.call_id,
      name: r.name,
      args: r.args,
      expiresAt: new Date(r.expires_at).toISOString(),
    }));
  }

  /** When the run's pending calls are abandoned (epoch ms); undefined with none. */
  expiry(runId: string): number | undefined {
    return this.rows(runId, "pending")[0]?.expires_at;
  }

  /**
   * Takes the client's results for the run's pending calls: each becomes the call's tool message. Every
   * pending call needs one (as OpenAI's APIs require). Results for calls answered before (a retry of the same
   * request) take nothing and say where the run's answer began.
   */
  answer(runId: string, results: readonly ClientToolResult[]): ClientResultsOutcome {
    const pending = this.rows(runId, "pending");
    const given = new Map(results.map((r) => [r.callId, r]));
    if (!pending.length) {
      const answered = this.rows(runId, "answered").filter((r) => given.has(r.call_id));
      if (answered.length && answered.length === given.size) return { ok: true, runId, seq: Number(answered[0]!.answer ?? 0) };
      return refuse("tool_call_not_found", "No call of this run waits for a result: it was answered, abandoned after CLIENT_TOOLS_TTL_MS, or superseded.");
    }
    const missing = pending.filter((r) => !given.has(r.call_id));
    if (missing.length)
      return refuse("invalid_request", `No result was sent for tool call ${missing.map((r) => r.call_id).join(", ")}; send one for each call.`);
    let seq = 0;
    for (const row of pending) {
      const result = given.get(row.call_id)!;
      const status = result.status ?? "success";
      this.store.appendMessage(
        { role: "tool", id: newId("msg"), createdAt: now(), toolCallId: row.call_id, name: row.name, status, content: result.output },
        runId,
      );
      seq = this.emit(runId, { type: "tool.finished", callId: row.call_id, name: row.name, status, output: result.output }) ?? seq;
    }
    this.tables.change(
      "approvals",
      "UPDATE approvals SET status = 'answered', answer = ?, decided_at = ? WHERE run_id = ? AND kind = 'client_tool' AND status = 'pending'",
      String(seq),
      now(),
      runId,
    );
    return { ok: true, runId, seq };
  }

  /** Runs whose pending calls' time is up at `nowMs`; their calls are closed (withdraw answers them). */
  due(nowMs: number): string[] {
    return this.tables
      .rows<{ run_id: string }>(
        "approvals",
        "SELECT DISTINCT run_id FROM approvals WHERE kind = 'client_tool' AND status = 'pending' AND expires_at <= ?",
        nowMs,
      )
      .map((r) => r.run_id);
  }

  /** Closes the run's pending calls, answering each with an error (`why`) so the history stays well-formed for the model. */
  withdraw(runId: string, why: string): void {
    for (const row of this.rows(runId, "pending")) {
      const content = `The client did not return a result for this call to ${row.name}: ${why}`;
      this.store.appendMessage({ role: "tool", id: newId("msg"), createdAt: now(), toolCallId: row.call_id, name: row.name, status: "error", content }, runId);
      this.emit(runId, { type: "tool.finished", callId: row.call_id, name: row.name, status: "error", output: content });
    }
    this.tables.change(
      "approvals",
      "UPDATE approvals SET status = 'withdrawn', decided_at = ? WHERE run_id = ? AND kind = 'client_tool' AND status = 'pending'",
      now(),
      runId,
    );
  }

  private rows(runId: string, status: "pending" | "answered"): Row[] {
    return this.tables.rows<Row>("approvals", "SELECT * FROM approvals WHERE run_id = ? AND kind = 'client_tool' AND status = ? ORDER BY rowid", runId, status);
  }
}
