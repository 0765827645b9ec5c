// The function-name rule of the model APIs (^[a-zA-Z0-9_-]{1,64}$), which every name a model is offered
// keeps to: a name that has to change (characters out of the rule, too long, or taken) is cut to fit a hash
// of what it stands for, so two that change alike still differ and the name stays the same from run to run.
// MCP tools (src/mcp/tool-names.ts) and a client's renamed tools (client-tools.ts) are named through it.

const MAX_LENGTH = 64;
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

/** The prefix of every MCP tool's name (`mcp__<server>__<tool>`): a run's servers may add such names at any step. */
export const MCP_TOOL_PREFIX = "mcp__";

/** FNV-1a, 32 bits, as 8 hex digits: tiny, synchronous and stable across runtimes. */
function hash8(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * `wanted` when it keeps to the rule and is not `taken`; else `wanted` with the characters out of the rule
 * replaced, cut to leave room for `_<hash of key>` (and `_2`, `_3`, … on a hash collision), never taken.
 */
export function fitToolName(wanted: string, key: string, taken: (name: string) => boolean): string {
  if (VALID.test(wanted) && !taken(wanted)) return wanted;
  const suffix = `_${hash8(key)}`;
  const base = wanted.replace(/[^a-zA-Z0-9_-]/g, "_");
  let name = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
  // Only a hash collision gets here; a counter settles it.
  for (let n = 2; taken(name); n++) {
    const counter = `_${n}`;
    name = base.slice(0, MAX_LENGTH - suffix.length - counter.length) + suffix + counter;
  }
  return name;
}
