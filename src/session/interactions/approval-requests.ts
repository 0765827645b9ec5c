// Human approval of tool calls, inside the Session Durable Object. When the policy answers "ask" the
// loop leaves the call unanswered and the run pauses (awaiting_approval); here each such call gets an
// approval id, a persisted row and an `approval.required` event. A decision (HTTP, a bot's button, or
// expiry as "deny") settles it; when the last approval of a run is settled the run resumes, and the
// loop runs the allowed calls and answers the refused ones with an error the model can read (with the
// person's reason, when they gave one, so the agent can act on it).
// decide-approval.ts is the entry point for channels.
import { type Hooks, type Message, newId, now, type SourcedEvent } from "../../agent";
import type { PermissionPolicy, PermissionRule } from "../../lib/permissions";
import type { Redactor } from "../../lib/redaction";
import { toJsonRecord, type JsonRecord } from "../../lib/json";
import { refuse, type Outcome } from "../../lib/outcome";
import type { SharedTables } from "../../lib/on-demand-tables";
import { ApprovalStore, type ApprovalRow, type SessionRule } from "./approval-store";
import type { SessionStore } from "../session-store";
import type { ClientTools } from "../runs/run-row";
import type { IdempotencyKey } from "../../lib/idempotency-key";

export type Decision = "allow" | "deny";

/** How an `ask` resolves: "wait" for a person; where no one can decide, allowed or refused, `why` saying so. */
export type OnAsk = "wait" | { action: Decision; why: string };

/** What may come with a decision besides allow or deny. */
export interface DecideOptions {
  /** Also decide this tool for the rest of the session (and the run's other calls of it). */
  remember?: boolean;
  /** Why, in the person's words (at most APPROVAL_REASON_MAX_CHARS): kept in the trace; a denial's is read by the model in the refused call's result. */
  reason?: string;
  /**
   * The client's own tools, from a channel whose every request declares them (POST /v1/ui/chat): when this
   * decision resumes the run, it goes on with these (null: with none), as a run resumed with the client's
   * tool results does. Unset, the run keeps the tools it started with.
   */
  clientTools?: ClientTools | null;
  /** The request's Idempotency-Key: a retry with it gets this decision's answer again (HTTP only). */
  idempotencyKey?: IdempotencyKey;
}

/** What a client sees of a call waiting for a person (the run's `pending`). */
export interface PendingApproval {
  approvalId: string;
  callId: string;
  name: string;
  /** Redacted. */
  args: JsonRecord;
  expiresAt: string;
}

/** A decision's answer, kept with it when it came with an Idempotency-Key. */
export type Decided = { approvalId: string; runId: string; callId: string; decision: Decision; remembered: boolean; pendingApprovals: number; seq: number };

export type DecideOutcome = Outcome<Decided & { replayed?: true }, "not_found" | "already_decided" | "idempotency_key_reused">;

/** The session's requests for a person's approval of tool calls: asked, decided, expired, withdrawn, and the decisions it remembers. */
export class ApprovalRequests {
  private readonly approvals: ApprovalStore;

  constructor(
    sql: SqlStorage,
    /** The approvals table, shared with MCP questions and client tool calls (schema.ts). */
    tables: SharedTables<"approvals">,
    private readonly store: SessionStore,
    /** Emits into the run's stream and trace; returns the trace seq. */
    private readonly emit: (runId: string, event: SourcedEvent, opts?: { keepOpen?: boolean }) => number | undefined,
    private readonly redact: () => Redactor,
    fresh = false,
  ) {
    this.approvals = new ApprovalStore(sql, tables, fresh);
  }

  /** Opens one approval per call the loop left waiting; the run's `pending` is the result. */
  open(runId: string, calls: ReadonlyArray<{ callId: string; name: string; args: unknown }>, ttlMs: number): PendingApproval[] {
    const expiresAt = Date.now() + ttlMs;
    return calls.map((c) => {
      const approval = {
        approvalId: newId("appr"),
        runId,
        callId: c.callId,
        name: c.name,
        args: toJsonRecord(this.redact()(c.args)),
        createdAt: now(),
        expiresAt,
      };
      this.approvals.insert(approval);
      return { approvalId: approval.approvalId, callId: c.callId, name: c.name, args: approval.args, expiresAt: new Date(expiresAt).toISOString() };
    });
  }

  /** Announces the approvals of a paused run; the stream ends after the last one. */
  announce(runId: string, pending: readonly PendingApproval[]): void {
    pending.forEach((p, i) => this.emit(runId, { type: "approval.required", ...p }, { keepOpen: i < pending.length - 1 }));
  }

  /**
   * Settles one approval. With `remember`, the choice becomes a session rule for the tool and settles the
   * run's other pending approvals of the same tool (with the same reason). `resume` is the run to resume,
   * when this was its last pending approval.
   */
  decide(approvalId: string, decision: Decision, by: string, opts: Omit<DecideOptions, "clientTools">): DecideOutcome & { resume?: string } {
    const row = this.approvals.get(approvalId);
    if (!row) return refuse("not_found", `approval ${approvalId} not found`);
    const remember = opts.remember ?? false;
    // An empty reason is no reason.
    const reason = opts.reason || undefined;
    const key = opts.idempotencyKey;
    const seq = this.settle(row, decision === "allow" ? "allowed" : "denied", by, reason);
    if (seq === undefined) {
      const { status, first } = this.approvals.get(approvalId)!;
      // A retry of the decision that settled it (the same key and request) gets its answer again.
      if (key && first?.key.key === key.key)
        return first.key.fingerprint === key.fingerprint
          ? { ok: true, ...first.decided, replayed: true }
          : refuse("idempotency_key_reused", "This Idempotency-Key was used for a different answer.");
      return refuse("already_decided", `approval ${approvalId} was already settled (${status})`);
    }
    if (remember) {
      this.remember({ tool: row.name, action: decision });
      for (const other of this.approvals.pending(row.runId))
        if (other.name === row.name) this.settle(other, decision === "allow" ? "allowed" : "denied", by, reason);
    }
    const pendingApprovals = this.approvals.pending(row.runId).length;
    const decided = { approvalId, runId: row.runId, callId: row.callId, decision, remembered: remember, pendingApprovals, seq };
    if (key) this.approvals.keep(approvalId, { reason, first: { key, decided } });
    return { ok: true, ...decided, ...(pendingApprovals === 0 ? { resume: row.runId } : {}) };
  }

  /** Settles approvals whose time is up as denied; returns the runs that can resume. */
  expire(nowMs: number): string[] {
    const runs = new Set<string>();
    for (const row of this.approvals.due(nowMs)) {
      if (this.settle(row, "expired", "expiry") !== undefined && this.approvals.pending(row.runId).length === 0) runs.add(row.runId);
    }
    return [...runs];
  }

  /**
   * Closes the approvals of a run that will not resume (cancelled, or a newer message came first):
   * pending ones are withdrawn, and every call they held is answered, so the history stays
   * well-formed for the model.
   */
  withdraw(runId: string, why: string): void {
    const open = unansweredCalls(this.store.modelHistory());
    for (const row of this.approvals.ofRun(runId)) {
      if (row.status === "pending") this.settle(row, "withdrawn", "withdrawn");
      // Ids repeat across rounds: an unanswered call is answered once, for an approval opened after the model made it.
      const madeAt = open.get(row.callId);
      if (madeAt === undefined || row.createdAt < madeAt) continue;
      open.delete(row.callId);
      const content = `This call to ${row.name} was not run: ${why}`;
      this.store.appendMessage({ role: "tool", id: newId("msg"), createdAt: now(), toolCallId: row.callId, name: row.name, status: "error", content }, runId);
      this.emit(runId, { type: "tool.finished", callId: row.callId, name: row.name, status: "error", output: content });
    }
  }

  /** What a client sees of a paused run's `pending`: its approvals still waiting, from the one table. */
  pending(runId: string): PendingApproval[] {
    return this.approvals
      .pending(runId)
      .map((r) => ({ approvalId: r.approvalId, callId: r.callId, name: r.name, args: r.args, expiresAt: new Date(r.expiresAt).toISOString() }));
  }

  /**
   * The permission hook of one run (last in its hooks, so it sees rewritten arguments): the policy
   * first (so deny always wins), then a person's decision on this very call, then the policy's allow or
   * ask. `onAsk` is "wait" when a person can answer; where no one can (OnAsk), the ask resolves as it says, and says so.
   */
  permissionHook(policy: PermissionPolicy, runId: string, onAsk: OnAsk): Hooks {
    return {
      name: "permissions",
      trusted: true,
      beforeToolCall: ({ tool, args, callId, followed, subagent }, run) => {
        const verdict = policy.decide(tool, args, this.sessionRules());
        if (verdict.action === "deny") return { action: "deny", reason: `${verdict.reason}. Do not try this call again; carry on without it or ask the user.` };
        // A person decided the call they were shown: not a redirect it met, not a subagent's call, not a later call
        // reusing its id (servers number each reply's calls from call_0 again), which are the policy's to judge.
        const row = followed || subagent ? undefined : this.approvals.forCall(runId, callId);
        const decided = row?.name === tool.name && JSON.stringify(row.args) === JSON.stringify(toJsonRecord(this.redact()(args))) ? row : undefined;
        if (decided?.status === "allowed") return { action: "allow" };
        if (decided?.status === "denied") return { action: "deny", reason: deniedByAPerson(decided.reason) };
        if (decided?.status === "expired")
          return {
            action: "deny",
            reason: "no one approved this call in time, so it was refused. Do not try it again; tell the user it needs their approval.",
          };
        if (verdict.action !== "ask") return { action: "allow" };
        if (onAsk === "wait") return { action: "ask" };
        const why = `this call needs a person's approval (${verdict.reason}), but ${onAsk.why}`;
        if (onAsk.action === "deny") return { action: "deny", reason: `approval is unavailable: ${why}. Carry on without it.` };
        // Run without the approval it needed: the trace says so.
        run.emit({ type: "warning", code: "approval_skipped", message: `${tool.name} ran without approval: ${why}.` });
        return { action: "allow" };
      },
    };
  }

  sessionRules(): PermissionRule[] {
    return this.approvals.sessionRules();
  }

  private remember(rule: SessionRule): void {
    this.approvals.remember(rule);
  }

  /** Settles a pending approval and records the decision; its trace seq, or undefined if it was not pending. */
  private settle(row: ApprovalRow, status: "allowed" | "denied" | "expired" | "withdrawn", by: string, reason?: string): number | undefined {
    if (!this.approvals.settle(row.approvalId, status, by, reason)) return undefined;
    const decision: Decision = status === "allowed" ? "allow" : "deny";
    const event = { type: "approval.decided" as const, approvalId: row.approvalId, callId: row.callId, name: row.name, decision, by };
    return this.emit(row.runId, reason === undefined ? event : { ...event, reason }) ?? 0;
  }
}

/**
 * The calls with no result after the last assistant message that made them (servers reuse ids across
 * replies, so an earlier result with the same id answers an earlier call), each with when it was made.
 */
function unansweredCalls(history: readonly Message[]): Map<string, string> {
  const results = new Set<string>();
  const judged = new Set<string>();
  const open = new Map<string, string>();
  for (const m of [...history].reverse()) {
    if (m.role === "tool") results.add(m.toolCallId);
    for (const c of m.role === "assistant" ? (m.toolCalls ?? []) : []) {
      if (!judged.has(c.id) && !results.has(c.id)) open.set(c.id, m.createdAt);
      judged.add(c.id);
    }
  }
  return open;
}

/** What the model reads of a call a person refused: their reason, quoted, is what it can act on. */
function deniedByAPerson(reason: string | undefined): string {
  if (reason === undefined) return "a person refused this call. Do not try it again; carry on without it or ask the user.";
  return `a person refused this call, giving this reason: ${JSON.stringify(reason)}. Do not try it again as it was; act on their reason or ask the user.`;
}
