// A conversation's storage in its ChatObject's SQLite: the messages the platform delivered (one row
// per delivery id, which is what makes a platform's retry a no-op) with how far each got, and small
// key/value state such as the chat's current session.
import type { ChatMessage } from "./chat-message";

/** Finished deliveries are kept this long to recognise late retries (Slack retries for about an hour). */
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL UNIQUE,
  message TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  session_id TEXT,
  run_id TEXT,
  error TEXT,
  received_at TEXT NOT NULL
);
`;

/** queued: not started; running: its run was started (run_id set); done / failed: finished. */
export type JobState = "queued" | "running" | "done" | "failed";

export interface ChatJob {
  seq: number;
  deliveryId: string;
  message: ChatMessage;
  state: JobState;
  sessionId?: string;
  runId?: string;
}

type Row = Record<string, SqlStorageValue>;

export class ChatStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  /** Records a delivery; undefined when this delivery id was seen before (a platform retry). */
  insert(deliveryId: string, message: ChatMessage, now = Date.now()): number | undefined {
    this.sql.exec("DELETE FROM jobs WHERE state IN ('done', 'failed') AND received_at < ?", new Date(now - KEEP_FINISHED_MS).toISOString());
    const row = this.sql
      .exec<{ seq: number }>(
        "INSERT INTO jobs (delivery_id, message, received_at) VALUES (?, ?, ?) ON CONFLICT(delivery_id) DO NOTHING RETURNING seq",
        deliveryId,
        JSON.stringify(message),
        new Date(now).toISOString(),
      )
      .toArray()[0];
    return row?.seq;
  }

  job(seq: number): ChatJob | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM jobs WHERE seq = ?", seq).toArray()[0];
    return row ? toJob(row) : undefined;
  }

  /** Jobs not finished yet, oldest first (what a restarted object must pick up). */
  unfinished(): ChatJob[] {
    return this.sql.exec<Row>("SELECT * FROM jobs WHERE state IN ('queued', 'running') ORDER BY seq").toArray().map(toJob);
  }

  markRunning(seq: number, sessionId: string, runId: string): void {
    this.sql.exec("UPDATE jobs SET state = 'running', session_id = ?, run_id = ? WHERE seq = ?", sessionId, runId, seq);
  }

  finish(seq: number, error?: string): void {
    this.sql.exec("UPDATE jobs SET state = ?, error = ? WHERE seq = ?", error ? "failed" : "done", error ?? null, seq);
  }

  getMeta(key: string): string | undefined {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value);
  }
}

function toJob(r: Row): ChatJob {
  return {
    seq: Number(r.seq),
    deliveryId: String(r.delivery_id),
    message: JSON.parse(String(r.message)) as ChatMessage,
    state: r.state as JobState,
    ...(r.session_id ? { sessionId: String(r.session_id) } : {}),
    ...(r.run_id ? { runId: String(r.run_id) } : {}),
  };
}
