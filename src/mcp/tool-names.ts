// The names the model sees for MCP tools: `mcp__<server>__<tool>`, within the function-name rule
// of the model APIs (^[a-zA-Z0-9_-]{1,64}$). A name that had to be changed to fit (characters
// replaced, or cut to length) gets a hash of the original server and tool names as suffix, so two
// tools that sanitize alike still differ, and the name stays the same from run to run.

import { fitToolName, MCP_TOOL_PREFIX } from "../agent";

/**
 * The model-facing name of `tool` on `server`, never one already in `taken` (which it joins).
 * `taken` holds the names given so far in this run, across all servers: the join of server and
 * tool by `__` is ambiguous ("a__b" + "c" and "a" + "b__c"), so uniqueness is checked, not assumed.
 */
export function assignToolName(server: string, tool: string, taken: Set<string>): string {
  const name = fitToolName(`${MCP_TOOL_PREFIX}${server}__${tool}`, `${server}\u0000${tool}`, (n) => taken.has(n));
  taken.add(name);
  return name;
}

/**
 * The names permission rules may also give `tool` of `server` (Tool.aliases): its plain `mcp__<server>__<tool>`
 * when that breaks the model APIs' rule, so the model sees a cut or hashed one. A plain name that keeps to the
 * rule but was taken is another tool's name, so it is no alias.
 */
export function policyAliases(server: string, tool: string): string[] {
  const plain = `${MCP_TOOL_PREFIX}${server}__${tool}`;
  return fitToolName(plain, "", () => false) === plain ? [] : [plain];
}
