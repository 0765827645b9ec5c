// The Chat Durable Object's SQLite schema, as its list of versioned migrations (the runner and its
// rules: src/lib/schema-migrations.ts). Tables: the deliveries (jobs) and their pauses, the chat's
// key/value state (chat-store.ts), the approvals it showed buttons for with the clicks handled
// (chat-approval-store.ts), and the MCP servers' questions it asks (chat-input-store.ts).
import type { Migration } from "../lib/schema-migrations";

export const CHAT_MIGRATIONS: readonly Migration[] = [
  // 1: the tables as they were before versioning.
  `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL UNIQUE,
  message TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  session_id TEXT,
  run_id TEXT,
  error TEXT,
  received_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pauses (
  seq INTEGER PRIMARY KEY,
  events_after INTEGER NOT NULL,
  wake_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS shown_approvals (
  approval_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  name TEXT NOT NULL,
  prompt TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS clicks (delivery_id TEXT PRIMARY KEY, received_at INTEGER NOT NULL);
`,
  // 2: the MCP servers' questions this chat is asking (chat-input-store.ts).
  `
CREATE TABLE IF NOT EXISTS asked_inputs (
  input_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  server TEXT NOT NULL,
  message TEXT NOT NULL,
  schema TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  progress TEXT NOT NULL,
  target TEXT NOT NULL,
  asked_at INTEGER NOT NULL
);
`,
  // 3: where a job that answers a quiz question or a form's field found it (chat-object.ts): taken up again after a
  // restart, the job applies its answer only while the quiz or form is still there.
  "ALTER TABLE jobs ADD COLUMN answering TEXT",
  // 4: a job's answer as it went out in parts (chat-answer-parts.ts): its text, how many parts were sent and where
  // follow-ups go; taken up again after a restart, the job sends only the parts left.
  `
ALTER TABLE jobs ADD COLUMN answer_text TEXT;
ALTER TABLE jobs ADD COLUMN answer_parts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN answer_next TEXT;
`,
];
