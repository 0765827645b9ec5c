// The tools and prompt sections of one run, built from config and bindings. Each feature adds its
// tools here; the loop only sees a ToolRegistry.
import type { Emit } from "../agent/events";
import { ToolRegistry } from "../agent/tools";
import type { Config } from "../config";
import type { Env } from "../env";
import { calculateTool } from "../tools/calculate";
import type { SessionStore } from "./session-store";

export interface ToolsetDeps {
  config: Config;
  env: Env;
  sessionId: string;
  store: SessionStore;
  emit: Emit;
  signal: AbortSignal;
}

export interface Toolset {
  tools: ToolRegistry;
  /** Extra system prompt sections (skill catalog, MCP server instructions). */
  promptSections: string[];
  close(): Promise<void>;
}

export async function buildToolset(deps: ToolsetDeps): Promise<Toolset> {
  const tools = new ToolRegistry([calculateTool], deps.config.TOOL_TIMEOUT_MS);
  return { tools, promptSections: [], close: async () => {} };
}
