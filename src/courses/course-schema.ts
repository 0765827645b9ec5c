// The CourseRegistry Durable Object's SQLite schema (every shard's), as its list of versioned migrations
// (the runner and its rules: src/lib/schema-migrations.ts). What the tables hold: course-store.ts.
import { addColumnIfMissing, type Migration } from "../lib/schema-migrations";

export const COURSE_MIGRATIONS: readonly Migration[] = [
  // 1: the tables as they were before versioning. Registries from before tenants lack `tenant` (their
  // courses stay the admin's); those from before the due index lack `next_due_at` (every course is due
  // at the next tick, which sets its real time).
  (storage) => {
    storage.sql.exec(`
CREATE TABLE IF NOT EXISTS courses (
  id TEXT PRIMARY KEY,
  topic TEXT NOT NULL,
  level TEXT,
  cron TEXT NOT NULL,
  deliver TEXT NOT NULL,
  created_at TEXT NOT NULL,
  syllabus TEXT,
  syllabus_run_id TEXT,
  last_error TEXT,
  tenant TEXT,
  next_due_at INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lessons (
  course_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  lesson_key TEXT NOT NULL,
  summary TEXT NOT NULL,
  period TEXT NOT NULL,
  created_at TEXT NOT NULL,
  delivered_at TEXT,
  PRIMARY KEY (course_id, number)
);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  tenant TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  course_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, key)
);
CREATE TABLE IF NOT EXISTS periods (
  course_id TEXT NOT NULL,
  period TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1,
  run_id TEXT,
  lesson_number INTEGER,
  delivered TEXT NOT NULL DEFAULT '[]',
  error TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (course_id, period)
);
`);
    addColumnIfMissing(storage, "courses", "tenant", "TEXT");
    addColumnIfMissing(storage, "courses", "next_due_at", "INTEGER DEFAULT 0");
    storage.sql.exec("CREATE INDEX IF NOT EXISTS courses_due ON courses (next_due_at)");
  },
  // 2: per period, the sessions its lesson runs were written in (each attempt gets its own) and how far each
  // target's delivery got (a retry sends only the rest).
  `ALTER TABLE periods ADD COLUMN sessions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE periods ADD COLUMN delivery_progress TEXT NOT NULL DEFAULT '{}';`,
  // 3: the learner's language the course's syllabus and lessons are asked for in (none: the topic's).
  "ALTER TABLE courses ADD COLUMN language TEXT;",
  // 4: the targets given up for good (chat_unreachable), and per lesson why its delivery has not succeeded yet.
  `ALTER TABLE courses ADD COLUMN stopped TEXT NOT NULL DEFAULT '[]';
ALTER TABLE lessons ADD COLUMN delivery_error TEXT;`,
  // 5: a finished course is due while a lesson of it is undelivered (its late delivery); those finished before
  // were set never due, so the next tick looks at them once (one with no target left stays as it is).
  `UPDATE courses SET next_due_at = 0 WHERE next_due_at IS NULL AND json_extract(last_error, '$.code') IS NOT 'no_reachable_target'
  AND EXISTS (SELECT 1 FROM lessons WHERE course_id = courses.id AND delivered_at IS NULL);`,
  // 6: the courses that gave a target up before each chat given up was noted on the shard its key hashes to
  // (chat-resume.ts: a chat's /start asks that one shard); the next tick notes theirs.
  "CREATE TABLE unindexed_stops AS SELECT id FROM courses WHERE stopped <> '[]';",
  // 7: those whose chat id is spelled with leading zeros ("042"), noted under that spelling, which chat 42's /start
  // never asked for: the next tick notes them again as the id is written (chat-resume.ts indexedChat).
  `INSERT INTO unindexed_stops SELECT id FROM courses WHERE stopped <> '[]' AND (deliver GLOB '*"0[0-9]*' OR deliver GLOB '*"-0[0-9]*')
  AND id NOT IN (SELECT id FROM unindexed_stops);`,
  // 8: those naming a chat by an @username with capitals ("@MyGroup"), noted so, which its /start (asking in lower
  // case, as Telegram's usernames are case-insensitive) never finds: the next tick notes them again in lower case.
  `INSERT INTO unindexed_stops SELECT id FROM courses WHERE stopped <> '[]' AND deliver GLOB '*"@*[A-Z]*'
  AND id NOT IN (SELECT id FROM unindexed_stops);`,
];
