// The built-in tools, the one list the toolset builds from (src/session/runs/toolset.ts). A new built-in
// tool is its folder (or file) here, exporting a BuiltinTool with its settings, and one line below
// (docs/harness.md, "Add a tool"). The skills (skills.ts) come with their catalog; MCP servers' tools from src/mcp.
import type { BuiltinTool } from "./builtin-tool";
import { calculate } from "./calculate";
import { fetchWebpage } from "./fetch-webpage";
import { saveDocument } from "./save-document";
import { webSearch } from "./web-search/builtin";

export const BUILTIN_TOOLS: readonly BuiltinTool[] = [calculate, webSearch, fetchWebpage, saveDocument];
