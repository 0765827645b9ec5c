// What the toolset takes of src/tools: the built-in tools (registry.ts) with their settings, and the skills.
import type { Tool } from "../agent";
import type { Env } from "../env";
import type { SettingsSlice } from "../lib/settings-loader";
import type { ToolRunContext } from "./builtin-tool";
import { NetworkSettings } from "./network-settings";
import { BUILTIN_TOOLS } from "./registry";
import { SkillsSettings } from "./skills";

export { BUILTIN_TOOLS } from "./registry";
export { KNOWN_TOOLS } from "./tool-catalogue";
export type { BuiltinTool, ToolRunContext } from "./builtin-tool";
export { FETCHED_URLS } from "./fetch-webpage";
export { networkSettings } from "./network-settings";
export { assetsSkillSource, createSkillTools, loadSkillCatalog, skillSettings, skillsPromptSection } from "./skills";
export type { ExternalSkill, SkillCatalog, SkillSource } from "./skills";

/** The built-in tools that depend only on settings (built once per isolate by the toolset), in registry order. */
export const isolateTools = (env: Env): Tool[] => BUILTIN_TOOLS.flatMap((t) => (t.scope === "isolate" ? [t.create(env)] : []));

/** The built-in tools that need the run (its session, tenant or a model), in registry order. */
export const runTools = (run: ToolRunContext): Tool[] => BUILTIN_TOOLS.flatMap((t) => (t.scope === "run" ? [t.create(run)] : []));

/** Every setting of the tools: the address rule, the skills' and each built-in tool's own. */
export const TOOL_SLICES: readonly SettingsSlice[] = [NetworkSettings, SkillsSettings, ...BUILTIN_TOOLS.flatMap((t) => (t.settings ? [t.settings] : []))];
