// The Idempotency-Keys of answers, in the Learner object that grades them (learner-object.ts): a key is
// reserved with its request's fingerprint before the answer is graded, holds the result once it is,
// and is forgotten if the grading fails (a failure is never answered from memory) or once it expires.
import type { GradedAnswer } from "./graded-answer";

/** A key as it was kept: the request it came with, and its result (absent while that request is being graded). */
export interface KeptAnswerKey {
  fingerprint: string;
  result?: GradedAnswer;
}

type Row = Record<string, SqlStorageValue>;

export class AnswerKeys {
  constructor(private readonly sql: SqlStorage) {}

  /** The key's entry unless it expired by `now`. */
  find(key: string, now: number): KeptAnswerKey | undefined {
    const row = this.sql.exec<Row>("SELECT fingerprint, result FROM answer_keys WHERE key = ? AND expires > ?", key, now).toArray()[0];
    if (!row) return undefined;
    return { fingerprint: String(row.fingerprint), ...(row.result === null ? {} : { result: JSON.parse(String(row.result)) as GradedAnswer }) };
  }

  /** Holds the key for the request being graded; expired keys go, so the table keeps only live ones. */
  reserve(key: string, fingerprint: string, now: number, ttlMs: number): void {
    this.sql.exec("DELETE FROM answer_keys WHERE expires <= ?", now);
    this.sql.exec("INSERT OR REPLACE INTO answer_keys (key, fingerprint, result, expires) VALUES (?, ?, NULL, ?)", key, fingerprint, now + ttlMs);
  }

  settle(key: string, result: GradedAnswer): void {
    this.sql.exec("UPDATE answer_keys SET result = ? WHERE key = ?", JSON.stringify(result), key);
  }

  /** Forgets a key whose grading failed, so its retry grades again. */
  release(key: string): void {
    this.sql.exec("DELETE FROM answer_keys WHERE key = ? AND result IS NULL", key);
  }

  clear(): void {
    this.sql.exec("DELETE FROM answer_keys");
  }
}
