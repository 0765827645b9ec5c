// The Session Durable Object's SQLite schema, as its list of versioned migrations (the runner and its
// rules: src/lib/schema-migrations.ts).
import type { Migration } from "../lib/schema-migrations";

export const SESSION_MIGRATIONS: readonly Migration[] = [
  // 1: sessions, runs, the trace and approvals as first shipped.
  `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  run_id TEXT,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  chunks INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS message_chunks (message_seq INTEGER NOT NULL, idx INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (message_seq, idx));
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  input TEXT NOT NULL,
  options TEXT NOT NULL,
  output TEXT NOT NULL DEFAULT '',
  steps INTEGER NOT NULL DEFAULT 0,
  usage TEXT NOT NULL DEFAULT '{"promptTokens":0,"completionTokens":0,"totalTokens":0}',
  error TEXT,
  pending TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, run_id TEXT, type TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_run ON events (run_id, seq);
CREATE TABLE IF NOT EXISTS tool_outputs (id TEXT NOT NULL, idx INTEGER NOT NULL, run_id TEXT, body TEXT NOT NULL, PRIMARY KEY (id, idx));
CREATE TABLE IF NOT EXISTS compactions (seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL,
  decided_by TEXT,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  decided_at TEXT,
  resumed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS approvals_run ON approvals (run_id, call_id);
CREATE INDEX IF NOT EXISTS approvals_due ON approvals (status, expires_at);
`,
  // 2: the explicit run lifecycle. A queued run is `queued` (no longer `running` with started_at NULL);
  // `resume` says a run continues after its pause (approvals or inputs settled), so any other started,
  // unfinished run is recovering from a crash. Pending interactions live in one table (approvals, with
  // `kind`: "approval" now, "input" for elicitation) and the run's `pending` is read from it; the
  // session's remembered permission choices get their own table.
  `
UPDATE runs SET status = 'queued' WHERE status = 'running' AND started_at IS NULL;
ALTER TABLE runs ADD COLUMN resume INTEGER NOT NULL DEFAULT 0;
UPDATE runs SET resume = 1 WHERE status = 'running' AND id IN (SELECT run_id FROM approvals WHERE resumed = 0 AND status != 'pending');
ALTER TABLE runs DROP COLUMN pending;
ALTER TABLE approvals DROP COLUMN resumed;
ALTER TABLE approvals ADD COLUMN kind TEXT NOT NULL DEFAULT 'approval';
CREATE TABLE IF NOT EXISTS session_rules (tool TEXT PRIMARY KEY, action TEXT NOT NULL, position INTEGER NOT NULL);
INSERT INTO session_rules (tool, action, position)
  SELECT json_extract(r.value, '$.tool'), json_extract(r.value, '$.action'), r.key FROM meta, json_each(meta.value) AS r WHERE meta.key = 'permission_rules';
DELETE FROM meta WHERE key = 'permission_rules';
`,
  // 3: usage split by model (models per purpose): one row per run and model.
  `
CREATE TABLE IF NOT EXISTS model_usage (run_id TEXT NOT NULL, model TEXT NOT NULL, prompt INTEGER NOT NULL, completion INTEGER NOT NULL, total INTEGER NOT NULL, PRIMARY KEY (run_id, model));
`,
  // 4: the request dedupe's keys and retries (request-dedupe.ts) and the webhook outbox (webhook-outbox.ts),
  // created by those modules before they joined the versioned list.
  `
CREATE TABLE IF NOT EXISTS idempotency_keys (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, run_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS retried_runs (run_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS webhook_outbox (
  webhook_id TEXT NOT NULL,
  url TEXT NOT NULL,
  run_id TEXT,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (webhook_id, url)
);
`,
  // 5: an MCP server's question (kind "input") records how it was answered (action, Idempotency-Key), never the content.
  `
ALTER TABLE approvals ADD COLUMN answer TEXT;
`,
  // 6: every trace event gets a random id of its own, its webhook-id: seq restarts when a session id lives
  // again (DELETE and re-create, a stateless session started over), so "<sessionId>:<seq>" was reused.
  // Events stored before keep none.
  `
ALTER TABLE events ADD COLUMN event_id TEXT;
`,
  // 7: what an unfinished run has learnt about itself (its RunState: pages read, skills loaded, reminders
  // shown), so the invocation that continues it after a yield, a pause or a restart starts from it.
  `
ALTER TABLE runs ADD COLUMN state TEXT;
`,
  // 8: retried_runs has had no reader or writer since request-dedupe.ts replaced failed runs in place.
  `
DROP TABLE IF EXISTS retried_runs;
`,
  // 9: a run's usage by model moves into its row (JSON), written by the statement that checkpoints its
  // step: one write a model call instead of two (BENCHMARKS.md, issue 29). Deleting a run deleted its
  // model_usage rows, so every row has its run.
  `
ALTER TABLE runs ADD COLUMN usage_by_model TEXT;
UPDATE runs SET usage_by_model = (
  SELECT json_group_object(model, json_object('promptTokens', prompt, 'completionTokens', completion, 'totalTokens', total)) FROM model_usage WHERE run_id = runs.id
) WHERE id IN (SELECT run_id FROM model_usage);
DROP TABLE model_usage;
`,
  // 10: messages and trace events lose AUTOINCREMENT: their stores give out the seqs (src/lib/seq-counter.ts),
  // and sqlite_sequence's read and write on every insert cost about 1.7 % of a run's CPU (BENCHMARKS.md,
  // issue 29). Each table is copied into its new shape; its high-water mark moves to meta, so no seq is
  // given again after the newest rows were deleted. Messages lose the index on their id too (1.5 %): ids are
  // random (newId), and the one look-up by id, a compaction's point, reads from the newest message back.
  // meta becomes WITHOUT ROWID: keyed by its key alone, one B-tree instead of a table and its key's index.
  `
CREATE TABLE meta_new (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta_new (key, value) SELECT key, value FROM meta;
DROP TABLE meta;
ALTER TABLE meta_new RENAME TO meta;
CREATE TABLE messages_new (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  run_id TEXT,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  chunks INTEGER NOT NULL,
  body TEXT NOT NULL
);
INSERT INTO messages_new (seq, id, run_id, role, created_at, chunks, body) SELECT seq, id, run_id, role, created_at, chunks, body FROM messages;
INSERT OR REPLACE INTO meta (key, value) SELECT 'messages_seq', seq FROM sqlite_sequence WHERE name = 'messages';
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
CREATE TABLE events_new (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, run_id TEXT, type TEXT NOT NULL, data TEXT NOT NULL, event_id TEXT);
INSERT INTO events_new (seq, at, run_id, type, data, event_id) SELECT seq, at, run_id, type, data, event_id FROM events;
INSERT OR REPLACE INTO meta (key, value) SELECT 'events_seq', seq FROM sqlite_sequence WHERE name = 'events';
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_run ON events (run_id, seq);
`,
];

/**
 * Tables a new object creates on their first write (src/lib/on-demand-tables.ts), not with the baseline:
 * most sessions never write to them. An object the migrations brought up to date has them all. A
 * migration that changes one of them must allow for its absence (a function step that checks), and the
 * statement here must change to match it.
 */
export const SESSION_ON_DEMAND_TABLES = {
  message_chunks:
    "CREATE TABLE IF NOT EXISTS message_chunks (message_seq INTEGER NOT NULL, idx INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (message_seq, idx))",
  tool_outputs: "CREATE TABLE IF NOT EXISTS tool_outputs (id TEXT NOT NULL, idx INTEGER NOT NULL, run_id TEXT, body TEXT NOT NULL, PRIMARY KEY (id, idx))",
  compactions: "CREATE TABLE IF NOT EXISTS compactions (seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT, body TEXT NOT NULL)",
  session_rules: "CREATE TABLE IF NOT EXISTS session_rules (tool TEXT PRIMARY KEY, action TEXT NOT NULL, position INTEGER NOT NULL)",
  idempotency_keys:
    "CREATE TABLE IF NOT EXISTS idempotency_keys (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, run_id TEXT NOT NULL, expires_at INTEGER NOT NULL)",
  // Shared by approvals, MCP questions and client tool calls (one instance for the three: session-life.ts).
  // Created only by OnDemandTables.ensure, which looks first; hence no IF NOT EXISTS.
  approvals: `
CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL,
  decided_by TEXT,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  decided_at TEXT,
  kind TEXT NOT NULL DEFAULT 'approval',
  answer TEXT
);
CREATE INDEX approvals_run ON approvals (run_id, call_id);
CREATE INDEX approvals_due ON approvals (status, expires_at);
`,
  webhook_outbox: `
CREATE TABLE webhook_outbox (
  webhook_id TEXT NOT NULL,
  url TEXT NOT NULL,
  run_id TEXT,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (webhook_id, url)
);
`,
} as const;

export type SessionOnDemandTable = keyof typeof SESSION_ON_DEMAND_TABLES;

/**
 * The schema SESSION_MIGRATIONS arrive at, in one step, for a fresh object (src/lib/schema-migrations.ts),
 * but for SESSION_ON_DEMAND_TABLES: a new session's first request runs this instead of every migration.
 * Appending a migration means changing this to match; test/session/schema-baseline.workers.test.ts
 * compares both routes' schemas (this one with every on-demand table created).
 */
export const SESSION_BASELINE = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE messages (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  run_id TEXT,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  chunks INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  input TEXT NOT NULL,
  options TEXT NOT NULL,
  output TEXT NOT NULL DEFAULT '',
  steps INTEGER NOT NULL DEFAULT 0,
  usage TEXT NOT NULL DEFAULT '{"promptTokens":0,"completionTokens":0,"totalTokens":0}',
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  resume INTEGER NOT NULL DEFAULT 0,
  state TEXT,
  usage_by_model TEXT
);
CREATE TABLE events (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, run_id TEXT, type TEXT NOT NULL, data TEXT NOT NULL, event_id TEXT);
CREATE INDEX events_run ON events (run_id, seq);
`;
