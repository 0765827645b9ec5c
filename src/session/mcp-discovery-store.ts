// The session's MCP discovery cache (ToolListCache) in its Durable Object's SQLite, so a run does not
// re-initialize and re-list every server on every turn. Entries live in meta rows with an expiry.
import type { ServerDiscovery, ToolListCache } from "../mcp";
import type { SessionStore } from "./session-store";

/** A tool list larger than this is not cached: it would make a large row for little gain. */
const MAX_ENTRY_CHARS = 512 * 1024;

export class SessionToolListCache implements ToolListCache {
  constructor(
    private readonly store: SessionStore,
    private readonly now: () => number = Date.now,
  ) {}

  get(server: string): ServerDiscovery | undefined {
    const raw = this.store.getMeta(`mcp:${server}`);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { expiresAt: number; value: ServerDiscovery };
    return entry.expiresAt > this.now() ? entry.value : undefined;
  }

  set(server: string, value: ServerDiscovery, ttlMs: number): void {
    const raw = JSON.stringify({ expiresAt: this.now() + ttlMs, value });
    if (raw.length <= MAX_ENTRY_CHARS) this.store.setMeta(`mcp:${server}`, raw);
  }
}
