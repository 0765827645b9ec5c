// A repeated request starts nothing new. Two ways a session recognizes one:
// - an Idempotency-Key it has seen within IDEMPOTENCY_TTL_MS: the same run again (the same key with
//   another body is refused);
// - a client's automatic retry (no key): the same input as the session's latest run while that run is still
//   going, or within RETRY_WINDOW_MS after it failed. Clients retry failures and timeouts, never successes.
//   Each retry answered opens the window again, so a client's whole chain of backed-off retries is one run.
// The keys live in the session's own SQLite, so they are durable and go with the session.
import { refuse, type Outcome } from "../../lib/outcome";
import type { RunRow } from "../session-store";
import type { IdempotencyKey } from "../../lib/idempotency-key";

/** How a run recognizes a repeat of the request that starts it. */
export interface RunDedupe {
  idempotencyKey?: IdempotencyKey;
  /** Also recognize a client's automatic retry without a key. */
  detectRetry?: boolean;
}

export interface DedupeLimits {
  idempotencyTtlMs: number;
  retryWindowMs: number;
}

/** What a repeated request gets: the earlier run, or a refusal (its key came with another body). */
export type Repeat = Outcome<{ runId: string }, "idempotency_key_reused">;

const KEY_REUSED = refuse("idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new request.");

/** Runs that a retry attaches to instead of starting another. */
const RETRIED_STATUSES = new Set(["failed", "running", "queued"]);

export class RequestDedupe {
  /** Its tables are the session's (schema.ts). */
  constructor(private readonly sql: SqlStorage) {}

  /** The earlier run this request repeats, a refusal, or undefined when it is new. */
  repeatOf(dedupe: RunDedupe, input: string, latest: RunRow | undefined, limits: DedupeLimits, now = Date.now()): Repeat | undefined {
    this.sql.exec("DELETE FROM idempotency_keys WHERE expires_at <= ?", now);
    const k = dedupe.idempotencyKey;
    if (k) {
      const row = this.sql.exec<{ fingerprint: string; run_id: string }>("SELECT fingerprint, run_id FROM idempotency_keys WHERE key = ?", k.key).toArray()[0];
      if (row) return row.fingerprint === k.fingerprint ? { ok: true, runId: row.run_id } : KEY_REUSED;
    }
    if (dedupe.detectRetry && latest && latest.input === input && RETRIED_STATUSES.has(latest.status)) {
      if (latest.status !== "failed" || now <= this.retryDeadline(latest, limits)) {
        this.sql.exec("INSERT OR REPLACE INTO retried_runs (run_id, at) VALUES (?, ?)", latest.runId, now);
        return { ok: true, runId: latest.runId };
      }
    }
    return undefined;
  }

  /** Until when a retry of this run is recognized: the window after it ended, or after its last retry. */
  retryDeadline(run: RunRow, limits: DedupeLimits): number {
    const retried = this.sql.exec<{ at: number }>("SELECT at FROM retried_runs WHERE run_id = ?", run.runId).toArray()[0]?.at ?? 0;
    return Math.max(Date.parse(run.finishedAt ?? run.createdAt), retried) + limits.retryWindowMs;
  }

  remember(dedupe: RunDedupe, runId: string, limits: DedupeLimits, now = Date.now()): void {
    const k = dedupe.idempotencyKey;
    if (!k) return;
    this.sql.exec(
      "INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, run_id, expires_at) VALUES (?, ?, ?, ?)",
      k.key,
      k.fingerprint,
      runId,
      now + limits.idempotencyTtlMs,
    );
  }

  /** When the last key expires (ms), or undefined with none. */
  lastExpiry(): number | undefined {
    const row = this.sql.exec<{ at: number | null }>("SELECT MAX(expires_at) AS at FROM idempotency_keys").one();
    return row.at ?? undefined;
  }
}
