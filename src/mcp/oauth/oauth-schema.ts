// The McpOAuth Durable Object's storage, as its list of versioned migrations (the runner and its rules:
// src/lib/schema-migrations.ts). Version 0, as before versioning: key-value records only, `record:<key>`
// (client, tokens, discovery per server), `flow:<state>` (pending authorizations) and `origin`. A change
// to their shape is appended here as a step that rewrites them (storage.kv), so stored tokens survive it.
import type { Migration } from "../../lib/schema-migrations";

export const MCP_OAUTH_MIGRATIONS: readonly Migration[] = [];
