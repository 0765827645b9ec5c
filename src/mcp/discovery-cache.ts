// What a run learns from a server at its start (instructions, tools, resources, prompts), cached so that
// the next run of the same session neither re-initializes nor re-lists the server: a run that
// finds a fresh entry connects only when one of the server's tools is actually called.
// The Session Durable Object implements ToolListCache over SQLite; the in-memory one is for tests
// and for hosts without storage.
import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import type { McpTransportName } from "./config";

export interface ResourceSummary {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface PromptSummary {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** Plain JSON, safe to store. */
export interface ServerDiscovery {
  /** The server's URL when this was learned; an entry for another URL is stale. */
  url: string;
  /** The transport that worked, so a later connection skips the fallback dance. */
  transport: McpTransportName;
  instructions?: string;
  /** All tools the server listed, before allowTools/denyTools (those apply on every run). */
  tools: McpToolDefinition[];
  /** Present when the server offers resources. */
  resources?: ResourceSummary[];
  /** Present when the server offers prompts (offered to the model as skills). */
  prompts?: PromptSummary[];
}

export interface ToolListCache {
  get(server: string): Promise<ServerDiscovery | undefined> | ServerDiscovery | undefined;
  set(server: string, value: ServerDiscovery, ttlMs: number): Promise<void> | void;
}

export class InMemoryToolListCache implements ToolListCache {
  private entries = new Map<string, { value: ServerDiscovery; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(server: string): ServerDiscovery | undefined {
    const entry = this.entries.get(server);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(server);
      return undefined;
    }
    return structuredClone(entry.value);
  }

  set(server: string, value: ServerDiscovery, ttlMs: number): void {
    this.entries.set(server, { value: structuredClone(value), expiresAt: this.now() + ttlMs });
  }
}
