// The tools and prompt sections of one run, built from config and bindings. Each feature adds its
// tools here; the loop only sees a ToolRegistry.
import type { Emit } from "../agent/events";
import type { LoopOptions } from "../agent/loop";
import type { ModelClient } from "../agent/model";
import { SUBAGENT_SYSTEM_PROMPT } from "../agent/subagents";
import { ToolRegistry } from "../agent/tools";
import type { Config } from "../config";
import type { Env } from "../env";
import { calculateTool } from "../tools/calculate";
import type { AgentStores } from "./agent-stores";
import { createHarnessTools } from "./harness";
import type { SessionStore } from "./session-store";
import { buildSystemPrompt } from "./system-prompt";

export interface ToolsetDeps {
  config: Config;
  env: Env;
  sessionId: string;
  store: SessionStore;
  emit: Emit;
  signal: AbortSignal;
  model: ModelClient;
  stores: AgentStores;
  stream: boolean;
  /** The run's permission check; subagents obey it too. */
  authorize?: LoopOptions["authorize"];
}

export interface Toolset {
  tools: ToolRegistry;
  /** Extra system prompt sections (skill catalog, MCP server instructions). */
  promptSections: string[];
  close(): Promise<void>;
}

export async function buildToolset(deps: ToolsetDeps): Promise<Toolset> {
  const { config } = deps;
  const tools = new ToolRegistry([calculateTool], config.TOOL_TIMEOUT_MS);
  const promptSections: string[] = [];
  // Last: subagents get the tools and prompt sections of everything above.
  const subagentSystem = buildSystemPrompt(SUBAGENT_SYSTEM_PROMPT, promptSections, new Date().toISOString().slice(0, 10));
  for (const t of createHarnessTools({ config, model: deps.model, stores: deps.stores, stream: deps.stream, tools, subagentSystem, authorize: deps.authorize })) tools.add(t);
  return { tools, promptSections, close: async () => {} };
}
