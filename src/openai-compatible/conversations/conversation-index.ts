// The ConversationIndex Durable Object: one per tenant, or per tenant and `user` when a request names one.
// It keeps the fingerprint chain (src/session/runs/turn-fingerprint.ts) of every turn of the conversations
// the OpenAI-compatible wires keep, so a request without X-Session-Id finds its conversation by its earlier
// messages, and decides where the request's turn runs (docs/openai-compatible.md#front-ends-conversations):
// - the request repeats a turn whose reply never reached its client, or whose run waits for the client's tool
//   results, asking the same of it (a retry): where that turn ran;
// - its history is a session's whole conversation: that session, continued;
// - its history leaves a session's conversation, or stops short of it (a Regenerate, an Edit): a new session
//   forked from the longest matching prefix;
// - nothing matches: a new session, seeded with the request's history.
// The decision and the turns it adds are one step of this object, so two requests cannot both take a place.
// A session a client names (X-Session-Id) has its conversation here too (`follow`, in a tenant's index of named
// sessions unless it is a front end's conversation): its earlier messages must be that conversation. A reply
// that hands the client its tool calls is a turn with no cut, and the results the client sends back are the
// turns after it (`pausedAt`, `answered`), so the turn after a client-tool round finds its conversation.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { migrate } from "../../lib/schema-migrations";
import { conversationSettings } from "./settings";

const CONVERSATION_INDEX_MIGRATIONS = [
  // A row per turn of a session's conversation, at its depth (1 = the first turn). `cut`: how many of the
  // session's stored messages make up the conversation through this turn (a fork copies them); null for
  // a user turn whose reply is not stored yet. `placement`: a user turn's, where its run was placed.
  // `at`: when a request last touched the session (every row of a session carries it).
  `
CREATE TABLE IF NOT EXISTS turns (
  session_id TEXT NOT NULL,
  depth INTEGER NOT NULL,
  hash TEXT NOT NULL,
  cut INTEGER,
  delivered INTEGER NOT NULL DEFAULT 0,
  placement TEXT,
  at INTEGER NOT NULL,
  PRIMARY KEY (session_id, depth)
);
CREATE INDEX IF NOT EXISTS turns_hash ON turns (hash);
CREATE INDEX IF NOT EXISTS turns_at ON turns (at);
CREATE TABLE IF NOT EXISTS request_keys (key TEXT PRIMARY KEY, placement TEXT NOT NULL, expires_at INTEGER NOT NULL);
`,
  // `request`: a user turn's, the hash of all its request asked (retry-identity.ts): a retry asks the same.
  `ALTER TABLE turns ADD COLUMN request TEXT;`,
  // `paused_run`: a reply that handed the client its tool calls, the run that waits for their results (the
  // request that sends them writes them after it).
  `ALTER TABLE turns ADD COLUMN paused_run TEXT;`,
];

/** Where a request's turn runs. */
export interface Placement {
  sessionId: string;
  /** A fork: the session whose first `cut` messages (and state) the new session starts from. */
  source?: { sessionId: string; cut: number };
  /** The request's history from this turn on is written into the session (after the fork's copy); its length to continue. */
  seedFrom: number;
}

/** Where a turn of a session the client names (X-Session-Id) goes, or why it does not (`follow`). */
export type Followed =
  /**
   * The turn's reply is the conversation's turn `depth`; `added`: the turn is new, recorded as asked; a repeat of the
   * latest turn gets its run back (`replay`) or redoes it (`regenerate`).
   */
  | { ok: true; depth: number; added?: boolean; replay?: boolean; regenerate?: boolean }
  /** The request's earlier messages are not the session's conversation: `at` is the first that differs, of the `held` turns the index holds. */
  | { ok: false; at: number; held: number }
  /** Another turn was added after the one the request was placed after: place it again. */
  | { ok: false; moved: true };

/** A session's latest turn as the index holds it. */
export interface Tail {
  depth: number;
  hash: string;
}

export interface Decision {
  placement: Placement;
  /** The request repeats a turn whose reply never reached its client: that run's outcome answers it. */
  repeat: boolean;
}

type TurnRow = {
  session_id: string;
  depth: number;
  hash: string;
  cut: number | null;
  delivered: number;
  placement: string | null;
  request: string | null;
  paused_run: string | null;
  at: number;
};

/** Hashes per look-up, under SQLite's limit on bound parameters. */
const LOOKUP_CHUNK = 90;

export class ConversationIndex extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, CONVERSATION_INDEX_MIGRATIONS);
  }

  /**
   * Places a request: `chain` is its history's fingerprint chain, `input` its new user turn's (chained
   * after it), `request` the hash of all it asks (retry-identity.ts), `fresh` the id a new session takes; a
   * request with an Idempotency-Key goes where its key went (remembered for `keyTtlMs`), and its session
   * answers it by the key.
   */
  async place(chain: readonly string[], input: string, request: string, fresh: string, key?: { key: string; ttlMs: number }): Promise<Decision> {
    const now = Date.now();
    this.expire(now);
    const sql = this.ctx.storage.sql;
    if (key) {
      const known = sql.exec<{ placement: string }>("SELECT placement FROM request_keys WHERE key = ? AND expires_at > ?", key.key, now).toArray()[0];
      if (known) return { placement: JSON.parse(known.placement) as Placement, repeat: false };
      const decided = this.decide(chain, input, request, fresh, now);
      sql.exec(
        "INSERT OR REPLACE INTO request_keys (key, placement, expires_at) VALUES (?, ?, ?)",
        key.key,
        JSON.stringify(decided.placement),
        now + key.ttlMs,
      );
      return decided;
    }
    return this.decide(chain, input, request, fresh, now);
  }

  private decide(chain: readonly string[], input: string, request: string, fresh: string, now: number): Decision {
    const n = chain.length;
    const all = [...chain, input];
    // Rows whose hash is the request's at their own depth, deepest first, then the most recently touched.
    const rows = this.lookup(all)
      .filter((r) => all[r.depth - 1] === r.hash)
      .sort((a, b) => b.depth - a.depth || b.at - a.at);

    // A retry: the same turn was asked here before, with the same tools and answer format, and no client got
    // its reply, or its run still waits for the client's tool results (a client that got the calls sends them
    // back with their results). Asked with others, it is another request: it forks below, as the turn's other branch.
    for (const asked of rows.filter((r) => r.depth === n + 1 && r.placement && r.request === request)) {
      const reply = this.row(asked.session_id, n + 2);
      if ((reply?.delivered && !reply.paused_run) || this.deepest(asked.session_id) > n + 2) continue;
      this.touch(asked.session_id, now);
      return { placement: JSON.parse(asked.placement!) as Placement, repeat: true };
    }

    // A continuation: the history is the whole of a session's conversation.
    const whole = rows.find((r) => r.depth === n && r.cut !== null && this.deepest(r.session_id) === n);
    if (whole) return { placement: this.ask(whole.session_id, n, input, request, { sessionId: whole.session_id, seedFrom: n }, now), repeat: false };

    // A fork from the longest matching prefix, or a new conversation.
    const from = rows.find((r) => r.depth <= n && r.cut !== null);
    const placement: Placement = from
      ? { sessionId: fresh, source: { sessionId: from.session_id, cut: from.cut! }, seedFrom: from.depth }
      : { sessionId: fresh, seedFrom: 0 };
    if (from) {
      this.ctx.storage.sql.exec(
        "INSERT INTO turns (session_id, depth, hash, cut, delivered, placement, at) SELECT ?, depth, hash, cut, 1, NULL, ? FROM turns WHERE session_id = ? AND depth <= ?",
        fresh,
        now,
        from.session_id,
        from.depth,
      );
    }
    // The history after the prefix is written into the new session after the copy, one message a turn.
    const base = from?.cut ?? 0;
    for (let depth = placement.seedFrom + 1; depth <= n; depth++) this.put(fresh, depth, chain[depth - 1]!, base + depth - placement.seedFrom, null, now);
    this.ask(fresh, n, input, request, placement, now);
    this.bound();
    return { placement, repeat: false };
  }

  /**
   * A turn of a session the client names (X-Session-Id), which this index records as it records a conversation's:
   * `chain` is the request's earlier messages, `input` its new user turn chained after them, `request` all it asks.
   * Its earlier messages must be the whole of the session's conversation as held here; without any, the turn
   * follows whatever is held, `base` as the caller read it (`latest`), and `input` is chained after that. The same
   * turn again (its reply not recorded, or recorded: then a retry when its client never got it, else a
   * Regenerate) is the latest turn repeated; anything else is refused with the first message that differs. The
   * check and the turn it adds are one step of this object, so two requests cannot both take the next turn.
   */
  async follow(sessionId: string, chain: readonly string[], input: string, request: string, base?: Tail): Promise<Followed> {
    const now = Date.now();
    this.expire(now);
    const held = this.deepest(sessionId);
    let n = chain.length;
    if (base) {
      if (base.depth !== held || (this.row(sessionId, held)?.hash ?? "") !== base.hash) return { ok: false, moved: true };
      n = held;
    } else {
      for (let depth = 1; depth <= Math.min(n, held); depth++)
        if (this.row(sessionId, depth)?.hash !== chain[depth - 1]) return { ok: false, at: depth - 1, held };
      if (n > held) return { ok: false, at: held, held };
    }
    if (n === held) {
      this.ask(sessionId, n, input, request, { sessionId, seedFrom: n }, now);
      this.bound();
      return { ok: true, depth: n + 2, added: true };
    }
    const asked = this.row(sessionId, n + 1);
    if (asked?.hash === input && asked.request === request && held <= n + 2) {
      this.touch(sessionId, now);
      const reply = this.row(sessionId, n + 2);
      return { ok: true, depth: n + 2, ...(reply?.cut != null ? (reply.delivered ? { regenerate: true } : { replay: true }) : {}) };
    }
    return { ok: false, at: n, held };
  }

  /** The turn `follow` added was never run (its request was refused on the way): the conversation ends before it again. */
  async unask(sessionId: string, depth: number, hash: string): Promise<void> {
    this.ctx.storage.sql.exec(
      "DELETE FROM turns WHERE session_id = ? AND depth = ? AND hash = ? AND cut IS NULL AND placement IS NOT NULL",
      sessionId,
      depth,
      hash,
    );
  }

  /** The session's latest turn, if the index holds any. */
  async latest(sessionId: string): Promise<Tail | undefined> {
    const row = this.row(sessionId, this.deepest(sessionId));
    return row && { depth: row.depth, hash: row.hash };
  }

  /** The session's latest turn when it is the reply in which `runId` handed the client its tool calls. */
  async pausedAt(sessionId: string, runId: string): Promise<Tail | undefined> {
    const row = this.row(sessionId, this.deepest(sessionId));
    return row?.paused_run === runId ? { depth: row.depth, hash: row.hash } : undefined;
  }

  /**
   * The client's tool results for the reply at `after` (pausedAt), one turn each (`chain`, chained after it):
   * false when the session's conversation has moved on since.
   */
  async answered(sessionId: string, after: Tail, chain: readonly string[]): Promise<boolean> {
    const now = Date.now();
    if (this.deepest(sessionId) !== after.depth || this.row(sessionId, after.depth)?.hash !== after.hash) return false;
    chain.forEach((hash, k) => this.put(sessionId, after.depth + k + 1, hash, null, null, now, true));
    this.touch(sessionId, now);
    return true;
  }

  /**
   * A run answered the user turn at `depth - 1`: its reply is the conversation's turn `depth`, through message `cut`;
   * a reply that hands the client its tool calls has no cut (nothing follows it but their results) and names its run (`pausedRun`).
   */
  async replied(sessionId: string, depth: number, hash: string, cut: number | null, delivered: boolean, pausedRun?: string): Promise<void> {
    const known = this.row(sessionId, depth);
    this.put(sessionId, depth, hash, cut, null, Date.now(), delivered || (known?.hash === hash && known.delivered === 1), null, pausedRun ?? null);
  }

  /** The user turn at `n + 1` is asked in `sessionId` by `request`, placed by `placement`. */
  private ask(sessionId: string, n: number, input: string, request: string, placement: Placement, now: number): Placement {
    this.ctx.storage.sql.exec("DELETE FROM turns WHERE session_id = ? AND depth > ?", sessionId, n);
    this.put(sessionId, n + 1, input, null, JSON.stringify(placement), now, false, request);
    this.touch(sessionId, now);
    return placement;
  }

  private put(
    sessionId: string,
    depth: number,
    hash: string,
    cut: number | null,
    placement: string | null,
    now: number,
    delivered = false,
    request: string | null = null,
    pausedRun: string | null = null,
  ): void {
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO turns (session_id, depth, hash, cut, delivered, placement, request, paused_run, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      sessionId,
      depth,
      hash,
      cut,
      delivered ? 1 : 0,
      placement,
      request,
      pausedRun,
      now,
    );
  }

  private lookup(hashes: readonly string[]): TurnRow[] {
    const found: TurnRow[] = [];
    for (let i = 0; i < hashes.length; i += LOOKUP_CHUNK) {
      const part = hashes.slice(i, i + LOOKUP_CHUNK);
      found.push(...this.ctx.storage.sql.exec<TurnRow>(`SELECT * FROM turns WHERE hash IN (${part.map(() => "?").join(", ")})`, ...part).toArray());
    }
    return found;
  }

  private row(sessionId: string, depth: number): TurnRow | undefined {
    return this.ctx.storage.sql.exec<TurnRow>("SELECT * FROM turns WHERE session_id = ? AND depth = ?", sessionId, depth).toArray()[0];
  }

  /** The depth of the session's latest turn. */
  private deepest(sessionId: string): number {
    return this.ctx.storage.sql.exec<{ d: number | null }>("SELECT MAX(depth) AS d FROM turns WHERE session_id = ?", sessionId).one().d ?? 0;
  }

  private touch(sessionId: string, now: number): void {
    this.ctx.storage.sql.exec("UPDATE turns SET at = ? WHERE session_id = ?", now, sessionId);
  }

  /** Conversations no request touched within CONVERSATION_INDEX_TTL_MS are forgotten. */
  private expire(now: number): void {
    this.ctx.storage.sql.exec("DELETE FROM turns WHERE at < ?", now - conversationSettings(this.env).CONVERSATION_INDEX_TTL_MS);
    this.ctx.storage.sql.exec("DELETE FROM request_keys WHERE expires_at <= ?", now);
  }

  /** Past CONVERSATION_INDEX_MAX_TURNS, the conversations touched longest ago go first. */
  private bound(): void {
    const max = conversationSettings(this.env).CONVERSATION_INDEX_MAX_TURNS;
    const count = () => this.ctx.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM turns").one().n;
    while (count() > max) {
      this.ctx.storage.sql.exec("DELETE FROM turns WHERE session_id = (SELECT session_id FROM turns ORDER BY at LIMIT 1)");
    }
  }
}
