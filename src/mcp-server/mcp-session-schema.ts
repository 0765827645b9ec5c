// The McpSession Durable Object's storage, as its list of versioned migrations (the runner and its
// rules: src/lib/schema-migrations.ts): the SSE events kept for resumption (event-store.ts) and the answers
// to tool calls kept for a client's retry (answered-calls.ts) in SQLite,
// the session's initialize request as the key-value record "session", and the log level its client set as
// "logLevel" (mcp-session-object.ts).
import type { Migration } from "../lib/schema-migrations";

export const MCP_SESSION_MIGRATIONS: readonly Migration[] = [
  // 1: the event table as it was before versioning.
  `CREATE TABLE IF NOT EXISTS mcp_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT NOT NULL,
  message TEXT NOT NULL
)`,
  // 2: the answered tool calls a retry gets again.
  `CREATE TABLE IF NOT EXISTS mcp_answered_calls (
  request_id TEXT PRIMARY KEY,
  request TEXT NOT NULL,
  response TEXT NOT NULL
)`,
];
