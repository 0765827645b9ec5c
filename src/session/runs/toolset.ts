// The tools and prompt sections of one run, built from config and bindings. Each feature adds its
// tools here; the loop only sees a ToolRegistry.
import { type Emit, type Hooks, SUBAGENT_SYSTEM_PROMPT, type Tool, ToolRegistry } from "../../agent";
import type { Config } from "../../config";
import type { Env } from "../../env";
import {
  assetsSkillSource,
  calculateTool,
  createFetchWebpageTool,
  createSaveDocumentTool,
  createSkillTools,
  createWebSearchTool,
  loadSkillCatalog,
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
import { createHarnessTools } from "./harness-from-config";
import type { RunModels } from "./run-models";
import type { SessionStore } from "../session-store";
import { buildSystemPrompt } from "./system-prompt";

export interface ToolsetDeps {
  config: Config;
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
 * The tools that depend only on config and the static assets, built once per isolate (building a tool
 * derives its JSON Schema): calculate, web search and fetch, and the skills with their catalog.
 */
interface StaticParts {
  tools: Tool[];
  skillsSection: string;
  /** Skill tools with MCP prompts are built per run, from these. */
  skills: { catalog: SkillCatalog; source: SkillSource };
}

const staticParts = new WeakMap<Config, Promise<StaticParts>>();

function buildStaticParts(config: Config, assets: Env["ASSETS"]): Promise<StaticParts> {
  let parts = staticParts.get(config);
  if (!parts) {
    parts = (async () => {
      const allowPrivate = config.ALLOW_PRIVATE_FETCH;
      const skills = assetsSkillSource(assets);
      const catalog = await loadSkillCatalog(skills);
      return {
        tools: [
          calculateTool,
          createWebSearchTool({
            provider: config.SEARCH_PROVIDER,
            baseUrl: config.SEARCH_BASE_URL,
            apiKey: config.SEARCH_API_KEY,
            timeoutMs: config.SEARCH_TIMEOUT_MS,
            allowPrivate,
          }),
          createFetchWebpageTool({ allowPrivate, maxBytes: config.FETCH_MAX_BYTES, timeoutMs: config.FETCH_TIMEOUT_MS, maxChars: config.FETCH_MAX_CHARS }),
          ...createSkillTools(catalog, skills, skillSettings(config)),
        ],
        skillsSection: skillsPromptSection(catalog),
        skills: { catalog, source: skills },
      };
    })();
    // A failed load (assets missing) is retried by the next run rather than remembered.
    parts.catch(() => staticParts.delete(config));
    staticParts.set(config, parts);
  }
  return parts;
}

export async function buildToolset(deps: ToolsetDeps): Promise<Toolset> {
  const { config, env } = deps;
  const base = await buildStaticParts(config, env.ASSETS);
  const tools = new ToolRegistry(base.tools, config.TOOL_TIMEOUT_MS);
  const promptSections: string[] = [base.skillsSection];

  tools.add(
    // The session's tenant owns what its runs save (src/lib/tenant.ts).
    createSaveDocumentTool({
      bucket: env.LESSONS,
      sessionId: deps.sessionId,
      tenant: deps.store.tenant(),
      maxBytes: config.LESSON_MAX_BYTES,
      maxRepairs: config.LESSON_MAX_REPAIRS,
      ...(config.LESSON_LENGTH_CHECK ? { chapterWords: config.LESSON_CHAPTER_WORDS } : {}),
      ...(config.LESSON_ANSWER_CHECK ? { answerCheck: { model: deps.models.grader } } : {}),
    }),
  );
  const mcp = await connectMcp(deps, tools, promptSections);
  if (mcp?.skills.length) {
    // The servers' prompts join the skill catalog: load_skill and the catalog section are rebuilt with them.
    const { catalog, source } = base.skills;
    for (const t of createSkillTools(catalog, source, skillSettings(config), mcp.skills)) tools.add(t);
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
const managers = new WeakMap<SessionStore, { config: Config; origin: string; manager: McpManager }>();

async function sessionManager(deps: ToolsetDeps, mcpConfig: McpConfig): Promise<McpManager> {
  // The redirect URI's origin can change (PUBLIC_URL unset, the API first reached after this session's first run).
  const origin = await runOrigin(deps.env, deps.config);
  const kept = managers.get(deps.store);
  if (kept && kept.config === deps.config && kept.origin === origin) return kept.manager;
  const tenant = deps.store.tenant() ?? undefined;
  const manager = new McpManager(mcpConfig, {
    cache: new SessionToolListCache(deps.store),
    oauth: mcpOAuthContext(deps.env, deps.config, origin, tenant),
    inputWaitMs: deps.config.INPUT_TTL_MS,
  });
  managers.set(deps.store, { config: deps.config, origin, manager });
  return manager;
}

/**
 * Connects the configured MCP servers and adds their tools and instructions. A server that fails is left
 * out with a warning event, one that needs the user's authorization with mcp.authorization_required;
 * a bad MCP_SERVERS fails the run with every problem and its path.
 */
async function connectMcp(
  deps: ToolsetDeps,
  tools: ToolRegistry,
  promptSections: string[],
): Promise<{ manager: McpManager; skills: ExternalSkill[] } | undefined> {
  const config = parseMcpConfig(deps.config.MCP_SERVERS, deps.env);
  for (const w of config.warnings) deps.emit({ type: "warning", code: w.code, message: w.message });
  if (!config.servers.length) return undefined;
  const manager = await sessionManager(deps, config);
  manager.attach({
    emit: deps.emit,
    elicit: deps.elicit,
    onToolsChanged: ({ tools: changed, removed }) => {
      for (const name of removed) tools.remove(name);
      for (const t of changed) tools.add(t);
    },
  });
  const { tools: found, instructions, warnings, authorizations, skills } = await manager.connectAll(deps.signal);
  for (const w of warnings) if (w.code !== "mcp_authorization_required") deps.emit({ type: "warning", code: w.code, message: w.message });
  for (const a of authorizations) deps.emit({ type: "mcp.authorization_required", server: a.server, authorizationUrl: a.authorizationUrl });
  for (const t of found) tools.add(t);
  promptSections.push(mcpInstructionsSection(instructions));
  return { manager, skills };
}
