// The approvals a conversation's ChatObject put buttons up for, in its SQLite: which job, session and
// run each belongs to (so a click needs to carry only the approval id, and a click on another chat's
// approval finds nothing), and the button clicks already handled (a platform's retry is a no-op).

/** Rows are kept this long after their approval expired, and handled clicks this long, to recognise late retries. */
const KEEP_MS = 7 * 24 * 3_600_000;

export interface ShownApproval {
  approvalId: string;
  /** The chat job whose run asked. */
  seq: number;
  sessionId: string;
  runId: string;
  /** The tool's name. */
  name: string;
  /** The text above the buttons, kept so the message can be rewritten with the decision. */
  prompt: string;
  /** Epoch ms. */
  expiresAt: number;
}

type Row = Record<string, SqlStorageValue>;

export class ChatApprovalStore {
  /** The tables are the object's versioned schema (chat-schema.ts), migrated before any store opens them. */
  constructor(private readonly sql: SqlStorage) {}

  add(a: ShownApproval, now = Date.now()): void {
    this.sql.exec("DELETE FROM shown_approvals WHERE expires_at < ?", now - KEEP_MS);
    this.sql.exec(
      "INSERT INTO shown_approvals (approval_id, seq, session_id, run_id, name, prompt, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(approval_id) DO NOTHING",
      a.approvalId,
      a.seq,
      a.sessionId,
      a.runId,
      a.name,
      a.prompt,
      a.expiresAt,
    );
  }

  get(approvalId: string): ShownApproval | undefined {
    const r = this.sql.exec<Row>("SELECT * FROM shown_approvals WHERE approval_id = ?", approvalId).toArray()[0];
    return r ? toShown(r) : undefined;
  }

  /** The latest expiry among a job's approvals. */
  latestExpiry(seq: number): number | undefined {
    return this.sql.exec<{ at: number | null }>("SELECT MAX(expires_at) AS at FROM shown_approvals WHERE seq = ?", seq).one().at ?? undefined;
  }

  /** Records a click's delivery id; false when it was handled before. */
  firstClick(deliveryId: string, now = Date.now()): boolean {
    this.sql.exec("DELETE FROM clicks WHERE received_at < ?", now - KEEP_MS);
    return this.sql.exec("INSERT INTO clicks (delivery_id, received_at) VALUES (?, ?) ON CONFLICT(delivery_id) DO NOTHING", deliveryId, now).rowsWritten > 0;
  }
}

function toShown(r: Row): ShownApproval {
  return {
    approvalId: String(r.approval_id),
    seq: Number(r.seq),
    sessionId: String(r.session_id),
    runId: String(r.run_id),
    name: String(r.name),
    prompt: String(r.prompt),
    expiresAt: Number(r.expires_at),
  };
}
