// The approvals of a session, in its Durable Object's SQLite: one row per tool call that waits (or
// waited) for a person. SQL stays in plain sight here, next to session-store.ts; nothing else writes
// this table.
export type ApprovalStatus = "pending" | "allowed" | "denied" | "expired" | "withdrawn";

export interface ApprovalRow {
  approvalId: string;
  runId: string;
  callId: string;
  name: string;
  /** Redacted, as everything shown outside the object. */
  args: unknown;
  status: ApprovalStatus;
  decidedBy?: string;
  createdAt: string;
  /** Epoch ms after which a pending approval counts as denied. */
  expiresAt: number;
  decidedAt?: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL,
  decided_by TEXT,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  decided_at TEXT,
  resumed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS approvals_run ON approvals (run_id, call_id);
CREATE INDEX IF NOT EXISTS approvals_due ON approvals (status, expires_at);
`;

type Row = Record<string, SqlStorageValue>;

export class ApprovalStore {
  constructor(private readonly sql: SqlStorage) {
    this.init();
  }

  /** Creates the table (again, after the storage was wiped). */
  init(): void {
    this.sql.exec(SCHEMA);
  }

  insert(row: Omit<ApprovalRow, "status" | "decidedBy" | "decidedAt">): void {
    this.sql.exec(
      "INSERT INTO approvals (id, run_id, call_id, name, args, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)",
      row.approvalId,
      row.runId,
      row.callId,
      row.name,
      JSON.stringify(row.args ?? null),
      row.createdAt,
      row.expiresAt,
    );
  }

  get(approvalId: string): ApprovalRow | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM approvals WHERE id = ?", approvalId).toArray()[0];
    return row ? toApproval(row) : undefined;
  }

  /** The latest approval of one call of a run. */
  forCall(runId: string, callId: string): ApprovalRow | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM approvals WHERE run_id = ? AND call_id = ? ORDER BY rowid DESC LIMIT 1", runId, callId).toArray()[0];
    return row ? toApproval(row) : undefined;
  }

  pending(runId: string): ApprovalRow[] {
    return this.sql.exec<Row>("SELECT * FROM approvals WHERE run_id = ? AND status = 'pending' ORDER BY rowid", runId).toArray().map(toApproval);
  }

  /** A run's approvals its execution has not taken up yet: pending, or settled while it waited. */
  untaken(runId: string): ApprovalRow[] {
    return this.sql
      .exec<Row>("SELECT * FROM approvals WHERE run_id = ? AND resumed = 0 AND status != 'withdrawn' ORDER BY rowid", runId)
      .toArray()
      .map(toApproval);
  }

  /** Pending approvals whose time is up at `nowMs`. */
  due(nowMs: number): ApprovalRow[] {
    return this.sql.exec<Row>("SELECT * FROM approvals WHERE status = 'pending' AND expires_at <= ? ORDER BY rowid", nowMs).toArray().map(toApproval);
  }

  nextExpiry(): number | undefined {
    const row = this.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM approvals WHERE status = 'pending'").one();
    return row.at ?? undefined;
  }

  /** Settles a pending approval; false when it was no longer pending. */
  settle(approvalId: string, status: Exclude<ApprovalStatus, "pending">, by: string): boolean {
    const cursor = this.sql.exec(
      "UPDATE approvals SET status = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = 'pending'",
      status,
      by,
      new Date().toISOString(),
      approvalId,
    );
    return cursor.rowsWritten > 0;
  }

  /** Marks a run's settled approvals as taken up by its resumed execution; true if there were any. */
  takeResume(runId: string): boolean {
    return this.sql.exec("UPDATE approvals SET resumed = 1 WHERE run_id = ? AND resumed = 0 AND status != 'pending'", runId).rowsWritten > 0;
  }
}

function toApproval(r: Row): ApprovalRow {
  return {
    approvalId: String(r.id),
    runId: String(r.run_id),
    callId: String(r.call_id),
    name: String(r.name),
    args: JSON.parse(String(r.args)),
    status: r.status as ApprovalStatus,
    ...(r.decided_by ? { decidedBy: String(r.decided_by) } : {}),
    createdAt: String(r.created_at),
    expiresAt: Number(r.expires_at),
    ...(r.decided_at ? { decidedAt: String(r.decided_at) } : {}),
  };
}
