// A session's storage in its Durable Object's SQLite: messages and small key/value state, with its runs
// (runs/run-store.ts) and the event trace (trace/trace-store.ts) beside it. SQL stays in plain sight here; nothing else in the project writes these tables.
import { todosOf, type Compaction, type Message, type Todo } from "../agent";
import { OnDemandTables } from "../lib/on-demand-tables";
import { SeqCounter } from "../lib/seq-counter";
import type { Tenant } from "../lib/tenant";
import { RunStore } from "./runs/run-store";
import { SESSION_ON_DEMAND_TABLES } from "./schema";
import { TraceStore } from "./trace/trace-store";

/** Long contents are split so no row nears SQLite's 2 MB row limit (UTF-16 worst case stays < 1 MB). */
const CHUNK_CHARS = 256 * 1024;
/** The most of a run's state kept in its row (one value, like one message chunk, stays under SQLite's row limit in any script). */
export const RUN_STATE_MAX_CHARS = CHUNK_CHARS;

/** What a fork of the conversation takes along beside its messages: the plan as of them, and the whole tool outputs its messages refer to. */
export interface SessionState {
  todos: Todo[];
  toolOutputs: Array<{ id: string; content: string }>;
}

/** modelHistory() as last read: valid while its compaction point is the latest (messages are only added, or deleted by deleteRun, which drops it). */
interface KeptHistory {
  through: string | null;
  lastSeq: number;
  messages: Array<Message & { seq: number }>;
}

/**
 * The store keeps what it read per object (the object is its database's only writer, one invocation at a
 * time): every step of a run driven step by step would read it again. A wiped storage gets a new store (session-life.ts).
 */
export class SessionStore {
  private kept: KeptHistory | undefined;
  private latest: { compaction: Compaction | undefined } | undefined;
  private sessionId: string | undefined;
  /** tenant() as read (null is the admin's: undefined is not read yet). */
  private owner: Tenant | undefined;
  /** Whether the session was created: known without a look-up on a fresh storage, and once create() ran. */
  private created: boolean | undefined;
  /** The todo list as stored, kept from its first read: only setTodos writes it, and each todo reminder reads it. */
  private todosJson: string | undefined;

  /** The session's event trace, in the same database. */
  readonly trace: TraceStore;
  /** Its runs, and their usage by model. */
  readonly runs: RunStore;
  /** The seqs of its messages (only this store inserts them). */
  private readonly messageSeqs: SeqCounter;

  /** Its tables that a session creates on their first write (schema.ts). */
  private readonly tables: OnDemandTables<"message_chunks" | "tool_outputs" | "compactions">;

  /** `fresh`: the storage's schema was just laid (migrate's answer), so it holds nothing yet. */
  constructor(
    private readonly sql: SqlStorage,
    fresh = false,
  ) {
    this.trace = new TraceStore(sql, fresh);
    this.messageSeqs = new SeqCounter(sql, "messages", fresh);
    this.runs = new RunStore(sql);
    this.tables = new OnDemandTables<"message_chunks" | "tool_outputs" | "compactions">(sql, SESSION_ON_DEMAND_TABLES, fresh);
    if (fresh) {
      this.created = false;
      this.todosJson = "[]";
    }
  }

  // ---- the session itself

  exists(): boolean {
    return (this.created ??= this.getMeta("created_at") !== undefined);
  }

  create(id: string, metadata: Record<string, unknown> = {}, tenant: Tenant = null): void {
    const rows: Array<[string, string]> = [
      ["id", id],
      ["created_at", new Date().toISOString()],
      ["metadata", JSON.stringify(metadata)],
    ];
    if (tenant !== null) rows.push(["tenant", tenant]);
    // One statement for the session's rows: every new session (each stateless request's) pays for it.
    this.sql.exec(
      `INSERT INTO meta (key, value) VALUES ${rows.map(() => "(?, ?)").join(", ")} ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      ...rows.flat(),
    );
    this.sessionId = id;
    this.owner = tenant;
    this.created = true;
  }

  /** The session's id; it never changes while the session exists (every execution of a run asks). */
  id(): string | undefined {
    return (this.sessionId ??= this.getMeta("id"));
  }

  /** The tenant the session belongs to (null: the admin's); set when it is created and never changed (every run start asks). */
  tenant(): Tenant {
    if (this.owner === undefined) this.owner = this.getMeta("tenant") ?? null;
    return this.owner;
  }

  getMeta(key: string): string | undefined {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value);
  }

  deleteMeta(key: string): void {
    this.sql.exec("DELETE FROM meta WHERE key = ?", key);
  }

  todos(): Todo[] {
    return JSON.parse((this.todosJson ??= this.getMeta("todos") ?? "[]")) as Todo[];
  }

  setTodos(todos: Todo[]): void {
    const json = JSON.stringify(todos);
    this.setMeta("todos", json);
    this.todosJson = json;
  }

  // ---- messages

  /** A message's seq is given out here, as the trace's are (seq-counter.ts). */
  appendMessage(m: Message, runId: string | null): void {
    const chunks = chunk(JSON.stringify(m));
    const seq = this.messageSeqs.take();
    this.sql.exec(
      "INSERT INTO messages (seq, id, run_id, role, created_at, chunks, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
      seq,
      m.id,
      runId,
      m.role,
      m.createdAt,
      chunks.length,
      chunks[0]!,
    );
    if (chunks.length === 1) return;
    this.tables.ensure("message_chunks");
    for (let i = 1; i < chunks.length; i++) this.sql.exec("INSERT INTO message_chunks (message_seq, idx, body) VALUES (?, ?, ?)", seq, i, chunks[i]!);
  }

  /** Messages oldest first; `afterSeq` pages through long histories. */
  messages(opts: { afterSeq?: number; limit?: number } = {}): Array<Message & { seq: number }> {
    const rows = this.sql
      .exec<{ seq: number; chunks: number; body: string }>(
        "SELECT seq, chunks, body FROM messages WHERE seq > ? ORDER BY seq LIMIT ?",
        opts.afterSeq ?? 0,
        opts.limit ?? -1,
      )
      .toArray();
    return rows.map((r) => ({ ...(JSON.parse(this.messageJson(r)) as Message), seq: r.seq }));
  }

  /**
   * Messages oldest first as one JSON array, spliced from their stored JSON without parsing it (what
   * `GET /v1/sessions/:id` answers; parsing and re-serializing 50,000 messages cost seconds). With a
   * `limit`, the newest `limit` messages before seq `before`; `nextBefore` pages on to older ones (null: none).
   */
  messagesJson(page: { before?: number; limit?: number } = {}): { json: string; nextBefore: number | null } {
    const rows = this.sql
      .exec<{ seq: number; chunks: number; body: string }>(
        "SELECT seq, chunks, body FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?",
        page.before ?? Number.MAX_SAFE_INTEGER,
        page.limit ?? -1,
      )
      .toArray()
      .reverse();
    const oldest = rows[0]?.seq;
    const older = oldest !== undefined && this.sql.exec("SELECT 1 FROM messages WHERE seq < ? LIMIT 1", oldest).toArray().length > 0;
    return { json: `[${rows.map((r) => this.messageJson(r)).join(",")}]`, nextBefore: older ? oldest! : null };
  }

  /** A stored message's JSON: its row's body, then its chunks when it was too long for one row. */
  private messageJson(r: { seq: number; chunks: number; body: string }): string {
    if (r.chunks <= 1) return r.body;
    let json = r.body;
    for (const c of this.sql.exec<{ body: string }>("SELECT body FROM message_chunks WHERE message_seq = ? ORDER BY idx", r.seq)) json += c.body;
    return json;
  }

  /**
   * What a run's model can see: the messages from the latest compaction point on (the summary stands
   * for the older ones), so a long session does not load its whole history on every run.
   */
  modelHistory(): Array<Message & { seq: number }> {
    const through = this.latestCompaction()?.throughMessageId ?? null;
    // Kept per object: a run (or a step driven by its own invocation) parses only the messages stored since.
    const k = this.kept;
    let messages: Array<Message & { seq: number }>;
    if (k && k.through === through) messages = [...k.messages, ...this.messages({ afterSeq: k.lastSeq })];
    else {
      // No index on id (schema.ts, migration 10): read back from the newest, the compaction point is near the end.
      const row = through ? this.sql.exec<{ seq: number }>("SELECT seq FROM messages WHERE id = ? ORDER BY seq DESC LIMIT 1", through).toArray()[0] : undefined;
      messages = this.messages({ afterSeq: row ? row.seq - 1 : 0 });
    }
    const last = messages.at(-1);
    this.kept = last ? { through, lastSeq: last.seq, messages } : undefined;
    // Copies: what a run does to its messages never reaches what is kept.
    return messages.map((m) => ({ ...m }));
  }

  /** How many messages there are up to the run's last one; null when the run stored none. */
  messagesThrough(runId: string): number | null {
    const row = this.sql
      .exec<{ n: number; last: number | null }>(
        "SELECT COUNT(*) AS n, (SELECT MAX(seq) FROM messages WHERE run_id = ?) AS last FROM messages WHERE seq <= (SELECT MAX(seq) FROM messages WHERE run_id = ?)",
        runId,
        runId,
      )
      .one();
    return row.last === null ? null : row.n;
  }

  /**
   * The todos as of `messages` (as their todo_write calls left the list, not as later turns did), and the kept
   * whole tool outputs that `messages` show cut.
   */
  stateOf(messages: readonly Message[]): SessionState {
    // An output is kept under the id of the tool result message that showed it.
    const ids = messages.flatMap((m) => (m.role === "tool" ? [m.id] : []));
    const toolOutputs = ids.flatMap((id) => {
      const content = this.toolOutput(id);
      return content === undefined ? [] : [{ id, content }];
    });
    return { todos: todosOf(messages), toolOutputs };
  }

  /** A forked conversation's state, written into its new session. */
  restoreState(state: SessionState): void {
    if (state.todos.length) this.setTodos(state.todos);
    for (const o of state.toolOutputs) this.putToolOutput(o.id, null, o.content);
  }

  /** The contents of a run's tool results, by call id (what a stream replay reads a tool output's whole text from). */
  toolResultsOf(runId: string): Map<string, string> {
    const rows = this.sql.exec<{ seq: number; chunks: number; body: string }>(
      "SELECT seq, chunks, body FROM messages WHERE run_id = ? AND role = 'tool'",
      runId,
    );
    const results = new Map<string, string>();
    for (const r of rows) {
      const m = JSON.parse(this.messageJson(r)) as Message;
      if (m.role === "tool") results.set(m.toolCallId, m.content);
    }
    return results;
  }

  messageCount(runId?: string): number {
    const q = runId
      ? this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM messages WHERE run_id = ?", runId)
      : this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM messages");
    return q.one().n;
  }

  // ---- what the model saw cut or summarized (the history itself stays whole)

  /** Keeps a whole tool output; the first one kept under an id stays. */
  putToolOutput(id: string, runId: string | null, content: string): void {
    this.tables.ensure("tool_outputs");
    if (this.sql.exec("SELECT 1 FROM tool_outputs WHERE id = ? AND idx = 0", id).toArray().length) return;
    const chunks = chunk(content);
    chunks.forEach((body, idx) => this.sql.exec("INSERT INTO tool_outputs (id, idx, run_id, body) VALUES (?, ?, ?, ?)", id, idx, runId, body));
  }

  toolOutput(id: string): string | undefined {
    if (!this.tables.has("tool_outputs")) return undefined;
    const rows = this.sql.exec<{ body: string }>("SELECT body FROM tool_outputs WHERE id = ? ORDER BY idx", id).toArray();
    return rows.length ? rows.map((r) => r.body).join("") : undefined;
  }

  /** Compactions only add: each record is the overlay from then on, and the older ones stay for the audit. */
  saveCompaction(c: Compaction, runId: string | null): void {
    const body = JSON.stringify(c);
    this.tables.ensure("compactions");
    this.sql.exec("INSERT INTO compactions (run_id, body) VALUES (?, ?)", runId, body);
    this.latest = { compaction: JSON.parse(body) as Compaction };
  }

  /** The overlay in force; read once per object (each run's history and context manager ask for it). */
  latestCompaction(): Compaction | undefined {
    if (!this.latest) {
      const row = this.tables.has("compactions")
        ? this.sql.exec<{ body: string }>("SELECT body FROM compactions ORDER BY seq DESC LIMIT 1").toArray()[0]
        : undefined;
      this.latest = { compaction: row ? (JSON.parse(row.body) as Compaction) : undefined };
    }
    return this.latest.compaction;
  }

  /** Forgets a run: its record, its messages, its kept tool outputs and its trace events. */
  deleteRun(runId: string): void {
    // Its rows may be the newest: the next message and event must still get seqs never given before.
    this.messageSeqs.keepHighWater();
    this.trace.seqs.keepHighWater();
    if (this.tables.has("message_chunks")) this.sql.exec("DELETE FROM message_chunks WHERE message_seq IN (SELECT seq FROM messages WHERE run_id = ?)", runId);
    this.sql.exec("DELETE FROM messages WHERE run_id = ?", runId);
    this.kept = undefined;
    if (this.tables.has("tool_outputs")) this.sql.exec("DELETE FROM tool_outputs WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM events WHERE run_id = ?", runId);
    this.runs.delete(runId);
  }
}

/** Splits long text into row-sized pieces (at least one). */
function chunk(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK_CHARS) chunks.push(text.slice(i, i + CHUNK_CHARS));
  return chunks.length ? chunks : [""];
}
