// An MCP server's questions to the user (elicitation), as rows of kind "input" in the session's table of
// pending interactions (approval-store.ts holds the approvals). `name` is the server, `args` the question
// ({message, requestedSchema}); `answer` records how it was answered (action and Idempotency-Key),
// never the content: that goes to the server, not into storage.
import { toJsonRecord, type JsonRecord } from "../../lib/json";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import type { SharedTables } from "../../lib/on-demand-tables";

export type InputStatus = "pending" | "accepted" | "declined" | "cancelled" | "expired" | "withdrawn" | "lost";
export type InputAction = "accept" | "decline" | "cancel";

export interface InputAnswer {
  action: InputAction;
  idempotencyKey?: IdempotencyKey;
  /** The trace seq of the answer's event (where a client follows the resumed run from). */
  seq: number;
}

export interface InputRow {
  inputId: string;
  runId: string;
  server: string;
  message: string;
  requestedSchema: JsonRecord;
  status: InputStatus;
  createdAt: string;
  expiresAt: number;
  answer?: InputAnswer;
}

type Row = Record<string, SqlStorageValue>;

export class InputStore {
  /** `tables`: the approvals table, created by the first pending interaction (schema.ts). */
  constructor(private readonly tables: SharedTables<"approvals">) {}

  insert(row: Pick<InputRow, "inputId" | "runId" | "server" | "message" | "requestedSchema" | "createdAt" | "expiresAt">): void {
    this.tables.insert(
      "approvals",
      "INSERT INTO approvals (id, run_id, call_id, name, args, status, created_at, expires_at, kind) VALUES (?, ?, '', ?, ?, 'pending', ?, ?, 'input')",
      row.inputId,
      row.runId,
      row.server,
      JSON.stringify({ message: row.message, requestedSchema: row.requestedSchema }),
      row.createdAt,
      row.expiresAt,
    );
  }

  get(inputId: string): InputRow | undefined {
    const row = this.tables.rows<Row>("approvals", "SELECT * FROM approvals WHERE id = ? AND kind = 'input'", inputId)[0];
    return row ? toInput(row) : undefined;
  }

  pending(runId?: string): InputRow[] {
    const rows = runId
      ? this.tables.rows<Row>("approvals", "SELECT * FROM approvals WHERE kind = 'input' AND status = 'pending' AND run_id = ? ORDER BY rowid", runId)
      : this.tables.rows<Row>("approvals", "SELECT * FROM approvals WHERE kind = 'input' AND status = 'pending' ORDER BY rowid");
    return rows.map(toInput);
  }

  due(nowMs: number): InputRow[] {
    return this.tables
      .rows<Row>("approvals", "SELECT * FROM approvals WHERE kind = 'input' AND status = 'pending' AND expires_at <= ? ORDER BY rowid", nowMs)
      .map(toInput);
  }

  /** Settles a pending input; false when it was no longer pending. */
  settle(inputId: string, status: Exclude<InputStatus, "pending">, by: string, answer?: InputAnswer): boolean {
    const changed = this.tables.change(
      "approvals",
      "UPDATE approvals SET status = ?, decided_by = ?, decided_at = ?, answer = ? WHERE id = ? AND kind = 'input' AND status = 'pending'",
      status,
      by,
      new Date().toISOString(),
      answer ? JSON.stringify(answer) : null,
      inputId,
    );
    return changed > 0;
  }
}

function toInput(r: Row): InputRow {
  const question = toJsonRecord(JSON.parse(String(r.args)));
  return {
    inputId: String(r.id),
    runId: String(r.run_id),
    server: String(r.name),
    message: String(question.message ?? ""),
    requestedSchema: toJsonRecord(question.requestedSchema),
    status: r.status as InputStatus,
    createdAt: String(r.created_at),
    expiresAt: Number(r.expires_at),
    ...(r.answer ? { answer: JSON.parse(String(r.answer)) as InputAnswer } : {}),
  };
}
