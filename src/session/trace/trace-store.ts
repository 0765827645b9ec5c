// A session's event trace in its Durable Object's SQLite: every event of its runs, in order, as the
// stream sends it and `GET …/events` reads it back.
import { newId, type SourcedEvent } from "../../agent";
import { SeqCounter } from "../../lib/seq-counter";
import type { TraceRow } from "./stream-events";

/** Event data beyond this is cut, in the trace and the stream alike (the messages keep whole tool outputs). */
const MAX_EVENT_CHARS = 64 * 1024;

type Row = Record<string, SqlStorageValue>;

export class TraceStore {
  /**
   * Seqs are given out here, not read back with INSERT … RETURNING: a statement that returns rows costs
   * workerd a result cursor, and dropping RETURNING from a run's ~50 trace rows and ~20 messages saved
   * about 3 % of a streamed run's CPU (BENCHMARKS.md, issue 29). None is given twice: not after the newest
   * rows are deleted (a run deleted), nor after the object restarts (seq-counter.ts). Only this store inserts events.
   */
  readonly seqs: SeqCounter;

  /** `fresh`: the storage's schema was just laid, so no event has had a seq yet. */
  constructor(
    private readonly sql: SqlStorage,
    fresh = false,
  ) {
    this.seqs = new SeqCounter(sql, "events", fresh);
  }

  /**
   * Stores an event; the row comes back with the event's JSON, so the live stream sends the very string the
   * trace holds instead of serializing the event again. The data column holds the whole event (type
   * included); rows from before kept only the other fields, and read back the same way.
   */
  append(runId: string | null, event: SourcedEvent): TraceRow & { id: string; json: string } {
    const id = newId("evt");
    const at = new Date().toISOString();
    let bounded = event;
    let json = JSON.stringify(event);
    if (json.length > MAX_EVENT_CHARS) json = JSON.stringify((bounded = boundedEvent(event)));
    const seq = this.seqs.take();
    this.sql.exec("INSERT INTO events (seq, event_id, at, run_id, type, data) VALUES (?, ?, ?, ?, ?, ?)", seq, id, at, runId, event.type, json);
    return { id, seq, at, runId, event: bounded, json };
  }

  /** Deletes events up to `seq` (retention: the hub keeps the newest TRACE_MAX_EVENTS). */
  pruneThrough(seq: number): void {
    this.sql.exec("DELETE FROM events WHERE seq <= ?", seq);
  }

  read(opts: { after?: number; limit?: number; runId?: string }): TraceRow[] {
    const rows = opts.runId
      ? this.sql.exec<Row>("SELECT * FROM events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?", opts.runId, opts.after ?? 0, opts.limit ?? -1)
      : this.sql.exec<Row>("SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?", opts.after ?? 0, opts.limit ?? -1);
    return rows.toArray().map((r) => ({
      ...(r.event_id ? { id: String(r.event_id) } : {}),
      seq: Number(r.seq),
      at: String(r.at),
      runId: r.run_id === null ? null : String(r.run_id),
      event: storedEvent(String(r.type), String(r.data)),
    }));
  }
}

/** The event with its long strings cut, for one too big to keep whole (its shape stays the same). */
function boundedEvent(event: SourcedEvent): SourcedEvent {
  const cut = (v: unknown): unknown =>
    typeof v === "string" && v.length > 4096
      ? `${v.slice(0, 4096)}… [${v.length - 4096} more characters not kept in the trace]`
      : Array.isArray(v)
        ? v.map(cut)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]))
          : v;
  // Only string values change (to shorter strings), so every field keeps its type.
  return cut(event) as SourcedEvent;
}

/** An event as stored: the row's type and data, written by append from the union (older rows' data lacks the type). */
function storedEvent(type: string, data: string): SourcedEvent {
  return { ...JSON.parse(data), type } as SourcedEvent;
}
