// The pending interactions of a session, in its Durable Object's SQLite: one row per tool call that
// waits (or waited) for a person, and the choices a person asked the session to remember. This table
// is the one source of a run's `pending`. A row has a `kind`: "approval" here; an MCP server's question
// (kind "input", awaiting_input) lives in the same table and is read and written by input-store.ts. Both
// kinds record in `answer` how a person answered: here `{reason, first}`, the why given with a decision and,
// for one that came with an Idempotency-Key, that key and the answer its retry gets again.
// SQL stays in plain sight here, next to session-store.ts; nothing else writes these tables.
import { toJsonRecord, type JsonRecord } from "../../lib/json";
import { OnDemandTables, type SharedTables } from "../../lib/on-demand-tables";
import type { PermissionRule } from "../../lib/permissions";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import type { Decided } from "./approval-requests";
import { SESSION_ON_DEMAND_TABLES } from "../schema";

export type ApprovalStatus = "pending" | "allowed" | "denied" | "expired" | "withdrawn";
export type InteractionKind = "approval" | "input";
/** A remembered choice: the tool, and what the person chose for it. */
export type SessionRule = Pick<PermissionRule, "tool"> & { action: "allow" | "deny" };

export interface ApprovalRow {
  approvalId: string;
  runId: string;
  callId: string;
  name: string;
  /** Redacted, as everything shown outside the object. */
  args: JsonRecord;
  status: ApprovalStatus;
  decidedBy?: string;
  /** What the person who decided gave as their reason, if anything. */
  reason?: string;
  /** The decision's Idempotency-Key and answer, when it came with a key. */
  first?: { key: IdempotencyKey; decided: Decided };
  createdAt: string;
  /** Epoch ms after which a pending approval counts as denied. */
  expiresAt: number;
  decidedAt?: string;
}

type Row = Record<string, SqlStorageValue>;

export class ApprovalStore {
  /**
   * False while no approval was ever stored in this object's database, so no call has one: every tool call
   * asks forCall, and most sessions never see an approval. Looked up once per object; once true it stays.
   */
  private mayHaveApprovals: boolean | undefined;
  /** session_rules is created by the first choice remembered (schema.ts). */
  private readonly tables: OnDemandTables<"session_rules">;

  /**
   * `shared`: the approvals table, created by the first pending interaction; the stores of MCP questions
   * and client tool calls share it (schema.ts). `fresh`: the storage's schema was just laid, so it holds no approval yet.
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly shared: SharedTables<"approvals">,
    fresh = false,
  ) {
    this.tables = new OnDemandTables<"session_rules">(sql, SESSION_ON_DEMAND_TABLES, fresh);
    if (fresh) this.mayHaveApprovals = false;
  }

  insert(row: Omit<ApprovalRow, "status" | "decidedBy" | "decidedAt" | "reason" | "first">): void {
    this.shared.insert(
      "approvals",
      "INSERT INTO approvals (id, run_id, call_id, name, args, status, created_at, expires_at, kind) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, 'approval')",
      row.approvalId,
      row.runId,
      row.callId,
      row.name,
      JSON.stringify(row.args ?? null),
      row.createdAt,
      row.expiresAt,
    );
    this.mayHaveApprovals = true;
  }

  get(approvalId: string): ApprovalRow | undefined {
    const row = this.shared.rows<Row>("approvals", "SELECT * FROM approvals WHERE id = ? AND kind = 'approval'", approvalId)[0];
    return row ? toApproval(row) : undefined;
  }

  /** The latest approval of one call of a run. */
  forCall(runId: string, callId: string): ApprovalRow | undefined {
    this.mayHaveApprovals ??= this.shared.rows("approvals", "SELECT 1 FROM approvals WHERE kind = 'approval' LIMIT 1").length > 0;
    if (!this.mayHaveApprovals) return undefined;
    const row = this.shared.rows<Row>(
      "approvals",
      "SELECT * FROM approvals WHERE run_id = ? AND call_id = ? AND kind = 'approval' ORDER BY rowid DESC LIMIT 1",
      runId,
      callId,
    )[0];
    return row ? toApproval(row) : undefined;
  }

  pending(runId: string): ApprovalRow[] {
    return this.shared
      .rows<Row>("approvals", "SELECT * FROM approvals WHERE run_id = ? AND status = 'pending' AND kind = 'approval' ORDER BY rowid", runId)
      .map(toApproval);
  }

  /** A run's approvals that were not withdrawn, oldest first. */
  ofRun(runId: string): ApprovalRow[] {
    return this.shared
      .rows<Row>("approvals", "SELECT * FROM approvals WHERE run_id = ? AND status != 'withdrawn' AND kind = 'approval' ORDER BY rowid", runId)
      .map(toApproval);
  }

  /** Pending approvals whose time is up at `nowMs`. */
  due(nowMs: number): ApprovalRow[] {
    return this.shared
      .rows<Row>("approvals", "SELECT * FROM approvals WHERE status = 'pending' AND kind = 'approval' AND expires_at <= ? ORDER BY rowid", nowMs)
      .map(toApproval);
  }

  /** Settles a pending approval; false when it was no longer pending. */
  settle(approvalId: string, status: Exclude<ApprovalStatus, "pending">, by: string, reason?: string): boolean {
    const changed = this.shared.change(
      "approvals",
      "UPDATE approvals SET status = ?, decided_by = ?, decided_at = ?, answer = ? WHERE id = ? AND status = 'pending' AND kind = 'approval'",
      status,
      by,
      new Date().toISOString(),
      reason === undefined ? null : JSON.stringify({ reason }),
      approvalId,
    );
    return changed > 0;
  }

  /** Rewrites how a settled approval was answered (settle wrote its reason; a keyed decision adds its answer). */
  keep(approvalId: string, answer: Pick<ApprovalRow, "reason" | "first">): void {
    this.shared.change("approvals", "UPDATE approvals SET answer = ? WHERE id = ?", JSON.stringify(answer), approvalId);
  }

  /** The session's remembered choices, in the order they were made. */
  sessionRules(): SessionRule[] {
    if (!this.tables.has("session_rules")) return [];
    return this.sql
      .exec<{ tool: string; action: string }>("SELECT tool, action FROM session_rules ORDER BY position")
      .toArray()
      .map((r) => ({ tool: r.tool, action: r.action === "deny" ? "deny" : "allow" }));
  }

  /** Remembers a choice for a tool, replacing an earlier one for the same tool. */
  remember(rule: SessionRule): void {
    this.tables.ensure("session_rules");
    this.sql.exec(
      "INSERT INTO session_rules (tool, action, position) VALUES (?, ?, (SELECT COALESCE(MAX(position), -1) + 1 FROM session_rules)) ON CONFLICT (tool) DO UPDATE SET action = excluded.action, position = excluded.position",
      rule.tool,
      rule.action,
    );
  }
}

function toApproval(r: Row): ApprovalRow {
  return {
    approvalId: String(r.id),
    runId: String(r.run_id),
    callId: String(r.call_id),
    name: String(r.name),
    args: toJsonRecord(JSON.parse(String(r.args))),
    status: r.status as ApprovalStatus,
    ...(r.decided_by ? { decidedBy: String(r.decided_by) } : {}),
    ...(r.answer ? (JSON.parse(String(r.answer)) as Pick<ApprovalRow, "reason" | "first">) : {}),
    createdAt: String(r.created_at),
    expiresAt: Number(r.expires_at),
    ...(r.decided_at ? { decidedAt: String(r.decided_at) } : {}),
  };
}
