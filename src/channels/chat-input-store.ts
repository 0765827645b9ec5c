// The MCP servers' questions (input.required) a conversation is asking, in its ChatObject's SQLite: the
// job and session each belongs to, the form, where the chat is in it (FormProgress: the field asked
// now and the values so far) and where the questions go. One is asked at a time in each place (a Telegram
// chat or forum topic, a Slack thread: the conversation whose run asked), the oldest first; a row goes once
// its question is answered, so the values given never outlive it.
import type { InputRequest } from "../delivery/run-outcome";
import type { FormProgress } from "./input-form";
import type { ChatTarget } from "../platforms/registry";

export interface AskedInput extends InputRequest {
  /** The chat job whose run asked. */
  seq: number;
  sessionId: string;
  progress: FormProgress;
  /** Where the form's questions go. */
  target: ChatTarget;
}

type Row = Record<string, SqlStorageValue>;

export class ChatInputStore {
  /** The table is the object's versioned schema (chat-schema.ts). */
  constructor(private readonly sql: SqlStorage) {}

  /** Records a question; false when it was recorded before (a second look at the same pause). */
  add(a: AskedInput, now = Date.now()): boolean {
    return (
      this.sql.exec(
        "INSERT INTO asked_inputs (input_id, seq, session_id, server, message, schema, expires_at, progress, target, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(input_id) DO NOTHING",
        a.inputId,
        a.seq,
        a.sessionId,
        a.server,
        a.message,
        JSON.stringify(a.requestedSchema),
        Date.parse(a.expiresAt),
        JSON.stringify(a.progress),
        JSON.stringify(a.target),
        now,
      ).rowsWritten > 0
    );
  }

  /** The question being asked now at `target` (the oldest not expired there), if any. */
  current(target: ChatTarget, now = Date.now()): AskedInput | undefined {
    this.sql.exec("DELETE FROM asked_inputs WHERE expires_at <= ?", now);
    // A place's targets are built alike (replyTarget, clickTarget), so their JSON is the same.
    const r = this.sql.exec<Row>("SELECT * FROM asked_inputs WHERE target = ? ORDER BY asked_at, rowid LIMIT 1", JSON.stringify(target)).toArray()[0];
    return r ? toAsked(r) : undefined;
  }

  setProgress(inputId: string, progress: FormProgress): void {
    this.sql.exec("UPDATE asked_inputs SET progress = ? WHERE input_id = ?", JSON.stringify(progress), inputId);
  }

  remove(inputId: string): void {
    this.sql.exec("DELETE FROM asked_inputs WHERE input_id = ?", inputId);
  }

  /** Forgets a job's questions (its run was stopped). */
  removeJob(seq: number): void {
    this.sql.exec("DELETE FROM asked_inputs WHERE seq = ?", seq);
  }

  /** The latest expiry among a job's questions. */
  latestExpiry(seq: number): number | undefined {
    return this.sql.exec<{ at: number | null }>("SELECT MAX(expires_at) AS at FROM asked_inputs WHERE seq = ?", seq).one().at ?? undefined;
  }
}

function toAsked(r: Row): AskedInput {
  return {
    inputId: String(r.input_id),
    seq: Number(r.seq),
    sessionId: String(r.session_id),
    server: String(r.server),
    message: String(r.message),
    requestedSchema: JSON.parse(String(r.schema)) as Record<string, unknown>,
    expiresAt: new Date(Number(r.expires_at)).toISOString(),
    progress: JSON.parse(String(r.progress)) as FormProgress,
    target: JSON.parse(String(r.target)) as ChatTarget,
  };
}
