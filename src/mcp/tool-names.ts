// The names the model sees for MCP tools: `mcp__<server>__<tool>`, within the function-name rule
// of the model APIs (^[a-zA-Z0-9_-]{1,64}$). A name that had to be changed to fit (characters
// replaced, or cut to length) gets a hash of the original server and tool names as suffix, so two
// tools that sanitize alike still differ, and the name stays the same from run to run.

const MAX_LENGTH = 64;
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

/** FNV-1a, 32 bits, as 8 hex digits: tiny, synchronous and stable across runtimes. */
function hash8(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

const sanitize = (part: string) => part.replace(/[^a-zA-Z0-9_-]/g, "_");

/**
 * The model-facing name of `tool` on `server`, never one already in `taken` (which it joins).
 * `taken` holds the names given so far in this run, across all servers: the join of server and
 * tool by `__` is ambiguous ("a__b" + "c" and "a" + "b__c"), so uniqueness is checked, not assumed.
 */
export function assignToolName(server: string, tool: string, taken: Set<string>): string {
  const plain = `mcp__${server}__${tool}`;
  let name = plain;
  if (!VALID.test(plain) || taken.has(plain)) {
    const suffix = `_${hash8(`${server}\u0000${tool}`)}`;
    const base = sanitize(plain);
    name = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
    // Only a hash collision gets here; a counter settles it.
    for (let n = 2; taken.has(name); n++) {
      const counter = `_${n}`;
      name = base.slice(0, MAX_LENGTH - suffix.length - counter.length) + suffix + counter;
    }
  }
  taken.add(name);
  return name;
}
