// A repeated request starts nothing new. Two ways a session recognizes one:
// - an Idempotency-Key it has seen within IDEMPOTENCY_TTL_MS: the same run again (the same key with
//   another body is refused), unless that run failed: then the request runs again, in the failed run's
//   place when it is still the latest (later turns were built on it otherwise, so it stays);
// - a client's automatic retry (no key): the same request as the session's latest run, in its input and
//   all else that changes the run (images, client tools, tool choice, answer format: retry-identity.ts); one
//   that differs in any of it is a new run. While that run is still going (running, queued, or waiting for a
//   person's approval, an input or the client's tool results) the retry attaches to it: it answers what that run
//   answers (the same wait, with the same approval id or tool calls), and no second run supersedes the waiting
//   one with the question twice. A client that got the tool calls answers them in another request (the calls and
//   their results added), so the same request again is a lost reply, or a Regenerate: both get the calls. After
//   it failed the retry runs again (no failure is served from memory): the failed run is replaced, so its
//   input is not in the history twice. After it completed, only a caller that knows the reply never reached
//   its client (`replayCompleted`: the OpenAI-compatible conversations, docs/openai-compatible.md) gets it
//   back; anywhere else the same request again is a new turn.
// A Regenerate (useChat's) redoes the session's latest turn: that run, once ended, is replaced by the same
// request run again. Any other request, or a latest run still under way, is refused: it would otherwise add a
// turn beside the one the client dropped, and nothing would be regenerated.
// The keys live in the session's own SQLite, so they are durable and go with the session.
import { refuse, type Outcome } from "../../lib/outcome";
import type { RunRow } from "./run-row";
import { isUnfinished } from "./run-lifecycle";
import { sameRequest, type RunRequest } from "./retry-identity";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import { OnDemandTables } from "../../lib/on-demand-tables";
import { SESSION_ON_DEMAND_TABLES } from "../schema";

/** How a run recognizes a repeat of the request that starts it. */
export interface RunDedupe {
  idempotencyKey?: IdempotencyKey;
  /** Also recognize a client's automatic retry without a key. */
  detectRetry?: boolean;
  /** A retry of a completed run gets that run back: its reply never reached the client. */
  replayCompleted?: boolean;
  /**
   * The request regenerates the latest turn (useChat's Regenerate): the latest run, ended, of the same request is
   * replaced; another request is refused (history_mismatch), and so is a latest run not yet ended (run_active).
   */
  regenerate?: boolean;
}

export interface DedupeLimits {
  idempotencyTtlMs: number;
}

/**
 * What a repeated request gets: the earlier run, or a refusal (its key came with another body, or a Regenerate
 * that cannot redo the latest turn).
 */
export type Repeat = Outcome<{ runId: string }, "idempotency_key_reused" | "history_mismatch" | "run_active">;

const KEY_REUSED = refuse("idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new request.");
const NOT_THE_LATEST = refuse(
  "history_mismatch",
  "A Regenerate redoes the latest turn, which asked something else (its text, its images or the client's tools differ).",
);
const STILL_UNDER_WAY = refuse(
  "run_active",
  "A Regenerate redoes a turn that has ended, and the latest is still under way (running, or waiting for an approval, an input or the client's tool results).",
);

export class RequestDedupe {
  /** Its table is the session's, created by the first key (schema.ts). */
  private readonly tables: OnDemandTables<"idempotency_keys">;

  /** `fresh`: the storage's schema was just laid, so its table does not exist yet. */
  constructor(
    private readonly sql: SqlStorage,
    fresh = false,
  ) {
    this.tables = new OnDemandTables<"idempotency_keys">(sql, SESSION_ON_DEMAND_TABLES, fresh);
  }

  /** The earlier run this request repeats, a refusal, or undefined when it is new. */
  repeatOf(dedupe: RunDedupe, request: RunRequest, latest: RunRow | undefined, now = Date.now()): Repeat | undefined {
    const keys = this.tables.has("idempotency_keys");
    if (keys) this.sql.exec("DELETE FROM idempotency_keys WHERE expires_at <= ?", now);
    const k = dedupe.idempotencyKey;
    const keyed = k && keys ? this.keyed(k.key) : undefined;
    if (k && keyed) {
      if (keyed.fingerprint !== k.fingerprint) return KEY_REUSED;
      // A failure is no answer to hand back: the repeat runs again (replacedBy).
      if (keyed.status !== "failed") return { ok: true, runId: keyed.run_id };
    }
    if (dedupe.regenerate && latest) {
      if (!sameRequest(latest, request)) return NOT_THE_LATEST;
      if (isUnfinished(latest.status)) return STILL_UNDER_WAY;
    }
    if (!dedupe.detectRetry || !latest || !sameRequest(latest, request)) return undefined;
    if (isUnfinished(latest.status) || (dedupe.replayCompleted && latest.status === "completed")) return { ok: true, runId: latest.runId };
    return undefined;
  }

  /**
   * The run this request replaces: the session's latest, failed, that the request's key names (a keyed repeat,
   * repeatOf) or that was the same request (a retry), or ended, of the same request (a Regenerate).
   */
  replacedBy(dedupe: RunDedupe, request: RunRequest, latest: RunRow | undefined): string | undefined {
    const k = dedupe.idempotencyKey;
    if (k && latest?.status === "failed" && this.tables.has("idempotency_keys") && this.keyed(k.key)?.run_id === latest.runId) return latest.runId;
    if (!latest || !sameRequest(latest, request)) return undefined;
    if (dedupe.detectRetry && latest.status === "failed") return latest.runId;
    // Any run that ended may be regenerated, one stopped at its step limit too (repeatOf refused one still under way).
    return dedupe.regenerate && !isUnfinished(latest.status) ? latest.runId : undefined;
  }

  /** The run a key names, and its status (null for a run forgotten since). */
  private keyed(key: string): { fingerprint: string; run_id: string; status: string | null } | undefined {
    return this.sql
      .exec<{ fingerprint: string; run_id: string; status: string | null }>(
        "SELECT k.fingerprint, k.run_id, r.status FROM idempotency_keys k LEFT JOIN runs r ON r.id = k.run_id WHERE k.key = ?",
        key,
      )
      .toArray()[0];
  }

  /** A replaced run's keys go with it. */
  forget(runId: string): void {
    if (this.tables.has("idempotency_keys")) this.sql.exec("DELETE FROM idempotency_keys WHERE run_id = ?", runId);
  }

  remember(dedupe: RunDedupe, runId: string, limits: DedupeLimits, now = Date.now()): void {
    const k = dedupe.idempotencyKey;
    if (!k) return;
    this.tables.ensure("idempotency_keys");
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
    if (!this.tables.has("idempotency_keys")) return undefined;
    const row = this.sql.exec<{ at: number | null }>("SELECT MAX(expires_at) AS at FROM idempotency_keys").one();
    return row.at ?? undefined;
  }
}
