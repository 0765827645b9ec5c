// The built-in tools: the one list a toolset assembles from (src/session/runs/toolset.ts). A new built-in tool
// is one file here and one line below. MCP servers' tools come from ./mcp.
export { calculateTool } from "./calculate";
export { createWebSearchTool } from "./web-search";
export { createFetchWebpageTool, FETCHED_URLS } from "./fetch-webpage";
export { createSaveDocumentTool } from "./save-document";
export { assetsSkillSource, createSkillTools, loadSkillCatalog, skillSettings, skillsPromptSection } from "./skills";
export type { ExternalSkill, SkillCatalog, SkillSource } from "./skills";
