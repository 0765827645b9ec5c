// A conversation's storage in its ChatObject's SQLite: the messages the platform delivered (one row
// per delivery id, which is what makes a platform's retry a no-op) with how far each got, and small
// key/value state such as the chat's current session. A job whose run paused for approval waits
// ("awaiting") with a pause row: where the run's events continue and when to look at it again. A piece of an
// album is "held" until the album is complete, then the album is one job (chat-albums.ts).
import type { ChatMessage } from "../platforms/registry";

/** Finished deliveries are kept this long to recognise late retries (Slack retries for about an hour). */
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

/**
 * held: a piece of an album, waiting for the rest (chat-albums.ts); queued: not started; running: its run was started (run_id set); awaiting: its run waits for a
 * person's decision (the buttons are out); done / failed: finished.
 */
export type JobState = "held" | "queued" | "running" | "awaiting" | "done" | "failed";

export interface ChatJob {
  seq: number;
  deliveryId: string;
  message: ChatMessage;
  state: JobState;
  sessionId?: string;
  runId?: string;
  /** The quiz question or form field the job's message began answering (ChatQuizzes/ChatInputs.position). */
  answering?: string;
}

/** A job's answer as far as it went out: its text, how many parts were sent, where follow-ups go (a target, JSON). */
export interface AnswerSent {
  text: string;
  parts: number;
  next?: string;
}

type Row = Record<string, SqlStorageValue>;

export class ChatStore {
  /** The tables are the object's versioned schema (chat-schema.ts), migrated before any store opens them. */
  constructor(private readonly sql: SqlStorage) {}

  /** Records a delivery (`held`: a piece of an album); undefined when this delivery id was seen before (a platform retry). */
  insert(deliveryId: string, message: ChatMessage, now = Date.now(), state: "queued" | "held" = "queued"): number | undefined {
    this.sql.exec("DELETE FROM jobs WHERE state IN ('done', 'failed') AND received_at < ?", new Date(now - KEEP_FINISHED_MS).toISOString());
    this.sql.exec("DELETE FROM pauses WHERE seq NOT IN (SELECT seq FROM jobs)");
    const row = this.sql
      .exec<{ seq: number }>(
        "INSERT INTO jobs (delivery_id, message, received_at, state) VALUES (?, ?, ?, ?) ON CONFLICT(delivery_id) DO NOTHING RETURNING seq",
        deliveryId,
        JSON.stringify(message),
        new Date(now).toISOString(),
        state,
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

  /** The pieces of albums held, in arrival order, with when each arrived (epoch ms). */
  held(): Array<ChatJob & { receivedAt: number }> {
    return this.sql
      .exec<Row>("SELECT * FROM jobs WHERE state = 'held' ORDER BY seq")
      .toArray()
      .map((r) => ({ ...toJob(r), receivedAt: Date.parse(String(r.received_at)) }));
  }

  /** An album's pieces become one job: `seq`, queued with the album's `message`; the `others` are done (their ids still catch retries). */
  gather(seq: number, message: ChatMessage, others: readonly number[]): void {
    this.sql.exec("UPDATE jobs SET message = ?, state = 'queued' WHERE seq = ?", JSON.stringify(message), seq);
    for (const other of others) this.sql.exec("UPDATE jobs SET state = 'done' WHERE seq = ?", other);
  }

  markAnswering(seq: number, at: string): void {
    this.sql.exec("UPDATE jobs SET answering = ? WHERE seq = ?", at, seq);
  }

  markRunning(seq: number, sessionId: string, runId: string): void {
    this.sql.exec("UPDATE jobs SET state = 'running', session_id = ?, run_id = ? WHERE seq = ?", sessionId, runId, seq);
  }

  /** The job's run paused: its events continue after trace seq `eventsAfter`; look again at `wakeAt` (epoch ms). */
  pause(seq: number, eventsAfter: number, wakeAt: number): void {
    this.sql.exec("UPDATE jobs SET state = 'awaiting' WHERE seq = ?", seq);
    this.sql.exec(
      "INSERT INTO pauses (seq, events_after, wake_at) VALUES (?, ?, ?) ON CONFLICT(seq) DO UPDATE SET events_after = excluded.events_after, wake_at = excluded.wake_at",
      seq,
      eventsAfter,
      wakeAt,
    );
  }

  /** Back to running after a pause; false when the job was not awaiting (someone else took it up). */
  unpause(seq: number): boolean {
    return this.sql.exec("UPDATE jobs SET state = 'running' WHERE seq = ? AND state = 'awaiting'", seq).rowsWritten > 0;
  }

  /** Where the job's run events continue: after its last pause, or from the start. */
  eventsAfter(seq: number): number {
    return this.sql.exec<{ events_after: number }>("SELECT events_after FROM pauses WHERE seq = ?", seq).toArray()[0]?.events_after ?? 0;
  }

  /** Jobs awaiting a decision, oldest first; with `dueAt`, only those to look at again by then. */
  awaiting(dueAt = Number.MAX_SAFE_INTEGER): ChatJob[] {
    return this.sql
      .exec<Row>("SELECT jobs.* FROM jobs JOIN pauses USING (seq) WHERE jobs.state = 'awaiting' AND pauses.wake_at <= ? ORDER BY seq", dueAt)
      .toArray()
      .map(toJob);
  }

  /** When the next awaiting job is due a look. */
  nextWake(): number | undefined {
    const row = this.sql.exec<{ at: number | null }>("SELECT MIN(wake_at) AS at FROM pauses JOIN jobs USING (seq) WHERE jobs.state = 'awaiting'").one();
    return row.at ?? undefined;
  }

  /** The job's answer as far as it went out (chat-answer-parts.ts); undefined before its first part. */
  answerSent(seq: number): AnswerSent | undefined {
    const row = this.sql.exec<Row>("SELECT answer_text, answer_parts, answer_next FROM jobs WHERE seq = ?", seq).toArray()[0];
    if (typeof row?.answer_text !== "string") return undefined;
    return { text: row.answer_text, parts: Number(row.answer_parts), ...(row.answer_next ? { next: String(row.answer_next) } : {}) };
  }

  /** Records the answer's text before its first part goes out, so a retry sends the same text (kept if recorded before). */
  beginAnswer(seq: number, text: string): void {
    this.sql.exec("UPDATE jobs SET answer_text = ? WHERE seq = ? AND answer_text IS NULL", text, seq);
  }

  /** `parts` of the answer went out; follow-ups go to `next` (a platform target, JSON). */
  markAnswerParts(seq: number, parts: number, next: string): void {
    this.sql.exec("UPDATE jobs SET answer_parts = ?, answer_next = ? WHERE seq = ?", parts, next, seq);
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

  deleteMeta(key: string): void {
    this.sql.exec("DELETE FROM meta WHERE key = ?", key);
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
    ...(r.answering ? { answering: String(r.answering) } : {}),
  };
}
