// Whether a tool-name glob can match the name of some MCP tool, `mcp__<server>__<tool>`, whatever servers are
// configured: an MCP tool's name is known only at run time. Any character may follow the prefix: rules match
// the plain name too (server and tool as configured and listed, src/mcp/tool-names.ts policyAliases), not only
// the model-facing one of letters, digits, `_` and `-`. Decided by walking the glob and the name's shape
// together (an automaton product), not by trying names.

const PREFIX = "mcp__";
/** States of the name's shape: 0–5 the prefix read so far, 6 in the server, 7 the separator's first `_`, 8 after it, 9 in the tool (accepting). */
const ACCEPT = 9;

function next(state: number, c: string): number[] {
  if (state < PREFIX.length) return c === PREFIX[state] ? [state + 1] : [];
  switch (state) {
    case 5:
      return [6];
    case 6:
      return c === "_" ? [6, 7] : [6];
    case 7:
      return c === "_" ? [8] : [];
    default:
      return [ACCEPT];
  }
}

/** One character of each kind the shape tells apart: those of the prefix, `_`, and any other character. */
const KINDS = ["m", "c", "p", "_", "a"];

export function globCanMatchMcpName(glob: string): boolean {
  const p = [...glob];
  const seen = new Set<string>();
  const queue: Array<[number, number]> = [[0, 0]];
  const push = (j: number, q: number) => {
    const key = `${j}:${q}`;
    if (seen.has(key)) return;
    seen.add(key);
    queue.push([j, q]);
  };
  while (queue.length) {
    const [j, q] = queue.pop()!;
    if (j === p.length) {
      if (q === ACCEPT) return true;
      continue;
    }
    const ch = p[j]!;
    if (ch === "*") {
      push(j + 1, q);
      for (const c of KINDS) for (const r of next(q, c)) push(j, r);
    } else if (ch === "?") {
      for (const c of KINDS) for (const r of next(q, c)) push(j + 1, r);
    } else for (const r of next(q, ch)) push(j + 1, r);
  }
  return false;
}
