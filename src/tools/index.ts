// What the toolset takes of src/tools: the built-in tools (registry.ts) with their settings, and the skills.
import type { SettingsSlice } from "../lib/settings-loader";
import { NetworkSettings } from "./network-settings";
import { BUILTIN_TOOLS } from "./registry";
import { SkillsSettings } from "./skills";

export { BUILTIN_TOOLS } from "./registry";
export type { BuiltinTool, ToolRunContext } from "./builtin-tool";
export { FETCHED_URLS } from "./fetch-webpage";
export { networkSettings } from "./network-settings";
export { assetsSkillSource, createSkillTools, loadSkillCatalog, skillSettings, skillsPromptSection } from "./skills";
export type { ExternalSkill, SkillCatalog, SkillSource } from "./skills";

/** Every setting of the tools: the address rule, the skills' and each built-in tool's own. */
export const TOOL_SLICES: readonly SettingsSlice[] = [NetworkSettings, SkillsSettings, ...BUILTIN_TOOLS.flatMap((t) => (t.settings ? [t.settings] : []))];
