// Vars no setting reads: a retired name (HOOK_RETRY_BASE_MS), or one that looks like a setting and is none (a
// typo: MAX_STEP). Each ran the Worker on a default without a word. Warned about, never refused: the operator
// may keep a var of their own. Only the env's strings are looked at (envStrings: a binding is an object), and a
// secret a var names as `${NAME}` (MCP_SERVERS' headers read those) is no typo.

/** Edits (insert, delete, replace a character) from `a` to `b`: one row of the table, updated in place. */
function distance(a: string, b: string): number {
  const row = [...Array(b.length + 1).keys()];
  for (const c of a) {
    let diagonal = row[0]!++;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + +(c !== b[j - 1]));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Logs one line per var that is no name of `known`: `retired` says what to do of a retired one; any other gets the closest known name. */
export function warnUnreadSettings(vars: Record<string, string>, known: readonly string[], retired: Record<string, string>): void {
  const referenced = Object.values(vars).join();
  for (const name in vars)
    if (/^[A-Z][A-Z0-9_]*$/.test(name) && !known.includes(name) && !referenced.includes(`\${${name}}`))
      console.warn(
        `config: ${name} is ignored: ${retired[name] ?? `no such setting; did you mean ${known.reduce((a, b) => (distance(name, b) < distance(name, a) ? b : a))}?`}`,
      );
}
