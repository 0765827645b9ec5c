// Every tool a run's permission policy can judge whose name is known in code: the built-in tools
// (BUILTIN_TOOLS), the skills' tools and the harness's own. Derived from the definitions, not listed
// again: configuration about tools (PERMISSIONS) is checked against it before any run starts. MCP tools
// (`mcp__<server>__<tool>`) are known only at run time; a client's tools never meet the policy.
import { HARNESS_TOOL_SIGNATURES, type ToolSignature } from "../agent";
import { BUILTIN_TOOLS } from "./registry";
import { SKILL_TOOL_SIGNATURES } from "./skills";

export const KNOWN_TOOLS: readonly ToolSignature[] = [...BUILTIN_TOOLS.map((t) => t.signature), ...SKILL_TOOL_SIGNATURES, ...HARNESS_TOOL_SIGNATURES];
