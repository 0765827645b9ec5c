// The tools and prompt sections of one run: the built-in tools (BUILTIN_TOOLS, src/tools/registry.ts)
// and the skills, the MCP servers' tools, then the harness's own. The loop only sees a ToolRegistry.
import { type Emit, type Hooks, SUBAGENT_SYSTEM_PROMPT, type Tool, ToolRegistry } from "../../agent";
import type { Env } from "../../env";
import {
  assetsSkillSource,
  createSkillTools,
  isolateTools,
  loadSkillCatalog,
  runTools,
  skillSettings,
  skillsPromptSection,
  type SkillCatalog,
  type SkillSource,
  type ExternalSkill,
} from "../../tools";
import { McpManager, mcpInstructionsSection, parseMcpConfig, type McpConfig, type McpInputRequest } from "../../mcp";
import type { AgentStores } from "../agent-stores";
import { SessionToolListCache } from "../mcp-discovery-store";
import { mcpOAuthContext, runOrigin } from "../../mcp/oauth/oauth-context";
import type { SessionConfig } from "../settings";
import { createHarnessTools } from "./harness-parts";
import type { RunModels } from "./run-models";
import type { SessionStore } from "../session-store";
import { buildSystemPrompt } from "./system-prompt";

export interface ToolsetDeps {
  config: SessionConfig;
  env: Env;
  sessionId: string;
  store: SessionStore;
  emit: Emit;
  signal: AbortSignal;
  models: RunModels;
  stores: AgentStores;
  stream: boolean;
  /** The run's permission check; subagents obey it too. */
  toolGuards: readonly Hooks[];
  /** The origin of the request that started the run (RunOptions.origin): MCP OAuth redirect URIs point there. */
  origin?: string;
  /** Answers MCP servers' questions (elicitation) by asking the run's user. */
  elicit: McpInputRequest;
}

export interface Toolset {
  tools: ToolRegistry;
  /** Extra system prompt sections (skill catalog, MCP server instructions). */
  promptSections: string[];
  close(): Promise<void>;
}

/**
 * The tools that depend only on settings and the static assets, built once per env object (building a
 * tool derives its JSON Schema): the built-in tools of scope "isolate", and the skills with their catalog.
 */
interface StaticParts {
  tools: Tool[];
  skillsSection: string;
  /** Skill tools with MCP prompts are built per run, from these. */
  skills: { catalog: SkillCatalog; source: SkillSource };
}

const staticParts = new WeakMap<Env, Promise<StaticParts>>();

function buildStaticParts(env: Env): Promise<StaticParts> {
  let parts = staticParts.get(env);
  if (!parts) {
    parts = (async () => {
      const skills = assetsSkillSource(env.ASSETS);
      const catalog = await loadSkillCatalog(skills);
      return {
        tools: [...isolateTools(env), ...createSkillTools(catalog, skills, skillSettings(env))],
        skillsSection: skillsPromptSection(catalog),
        skills: { catalog, source: skills },
      };
    })();
    // A failed load (assets missing) is retried by the next run rather than remembered.
    parts.catch(() => staticParts.delete(env));
    staticParts.set(env, parts);
  }
  return parts;
}

export async function buildToolset(deps: ToolsetDeps): Promise<Toolset> {
  const { config, env } = deps;
  const base = await buildStaticParts(env);
  const tools = new ToolRegistry(base.tools, config.TOOL_TIMEOUT_MS, config.TOOLS_INLINE_MAX);
  const promptSections: string[] = [base.skillsSection];
  for (const t of runTools({ env, sessionId: deps.sessionId, tenant: deps.store.tenant(), model: (purpose) => deps.models[purpose] })) tools.add(t);
  const mcp = await connectMcp(deps, tools, promptSections);
  if (mcp?.skills.length) {
    // The servers' prompts join the skill catalog: load_skill and the catalog section are rebuilt with them.
    const { catalog, source } = base.skills;
    for (const t of createSkillTools(catalog, source, skillSettings(env), mcp.skills)) tools.replace(t);
    promptSections[0] = skillsPromptSection(catalog, mcp.skills);
  }
  // Last: subagents get the tools and prompt sections of everything above.
  const subagentSystem = buildSystemPrompt(SUBAGENT_SYSTEM_PROMPT, promptSections, new Date().toISOString().slice(0, 10));
  for (const t of createHarnessTools({
    config,
    models: deps.models,
    stores: deps.stores,
    stream: deps.stream,
    tools,
    subagentSystem,
    toolGuards: deps.toolGuards,
  }))
    tools.add(t);
  return { tools, promptSections, close: async () => mcp?.manager.close() };
}

/**
 * One McpManager per session object (its SessionStore) and config: breakers, tool names and OAuth
 * providers last across runs, as docs/mcp.md says; a new manager every run never opened a breaker.
 */
const managers = new WeakMap<SessionStore, { config: SessionConfig; origin: string; manager: McpManager }>();

async function sessionManager(deps: ToolsetDeps, mcpConfig: McpConfig): Promise<McpManager> {
  // PUBLIC_URL, else the origin of the request that started the run, else the one the API was last reached at.
  const origin = await runOrigin(deps.env, deps.origin);
  const kept = managers.get(deps.store);
  if (kept && kept.config === deps.config && kept.origin === origin) return kept.manager;
  const tenant = deps.store.tenant() ?? undefined;
  const manager = new McpManager(mcpConfig, {
    cache: new SessionToolListCache(deps.store),
    oauth: mcpOAuthContext(deps.env, origin, tenant),
    inputWaitMs: deps.config.INPUT_TTL_MS,
  });
  managers.set(deps.store, { config: deps.config, origin, manager });
  return manager;
}

/**
 * Connects the configured MCP servers and adds their tools and instructions. A server that fails is left
 * out with a warning event, one that needs the user's authorization with mcp.authorization_required.
 * MCP_SERVERS was checked with the Session object's settings (src/mcp/settings.ts): it parses here.
 */
async function connectMcp(
  deps: ToolsetDeps,
  tools: ToolRegistry,
  promptSections: string[],
): Promise<{ manager: McpManager; skills: ExternalSkill[] } | undefined> {
  const config = parseMcpConfig(deps.config.MCP_SERVERS, deps.env);
  for (const w of config.warnings) deps.emit({ type: "warning", code: w.code, message: w.message, server: w.server });
  if (!config.servers.length) return undefined;
  const manager = await sessionManager(deps, config);
  manager.attach({
    emit: deps.emit,
    elicit: deps.elicit,
    onToolsChanged: ({ tools: changed, removed }) => {
      for (const name of removed) tools.remove(name);
      // The server's whole new list: its tools the run holds already are swapped for their new definitions.
      for (const t of changed) tools.replace(t);
    },
  });
  const { tools: found, instructions, warnings, authorizations, skills } = await manager.connectAll(deps.signal);
  for (const w of warnings) if (w.code !== "mcp_authorization_required") deps.emit({ type: "warning", code: w.code, message: w.message, server: w.server });
  for (const a of authorizations) deps.emit({ type: "mcp.authorization_required", server: a.server, authorizationUrl: a.authorizationUrl });
  for (const t of found) tools.add(t);
  promptSections.push(mcpInstructionsSection(instructions));
  return { manager, skills };
}
