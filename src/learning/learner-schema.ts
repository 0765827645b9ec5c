// The Learner Durable Object's SQLite schema, as its list of versioned migrations (the runner and its
// rules: src/lib/schema-migrations.ts). What the tables hold: learner-store.ts.
import type { Migration } from "../lib/schema-migrations";

export const LEARNER_MIGRATIONS: readonly Migration[] = [
  // 1: the tables as they were before versioning.
  `
CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY CHECK (id = 1), tenant TEXT);
CREATE TABLE IF NOT EXISTS attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lesson_key TEXT NOT NULL,
  exercise_id TEXT NOT NULL,
  answer TEXT NOT NULL,
  verdict TEXT NOT NULL,
  score REAL NOT NULL,
  result TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_exercise ON attempts (lesson_key, exercise_id, at);
CREATE TABLE IF NOT EXISTS cards (
  lesson_key TEXT NOT NULL,
  exercise_id TEXT NOT NULL,
  exercise TEXT NOT NULL,
  card TEXT NOT NULL,
  due INTEGER NOT NULL,
  last_verdict TEXT NOT NULL,
  PRIMARY KEY (lesson_key, exercise_id)
);
`,
  // 2: the Idempotency-Keys of answers (answer-keys.ts); result NULL while the answer is being graded.
  `CREATE TABLE IF NOT EXISTS answer_keys (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, result TEXT, expires INTEGER NOT NULL);`,
  // 3: the version (R2 etag) of the lesson a card's exercise was last read from; NULL: not known (current-progress.ts).
  `ALTER TABLE cards ADD COLUMN lesson_etag TEXT;`,
];
