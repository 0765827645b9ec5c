// How deep a caller's JSON nests, measured without recursion: a document nested thousands of levels deep
// (a few KB of brackets, well under MAX_BODY_BYTES) is refused by its limit (METADATA_MAX_DEPTH,
// JSON_SCHEMA_MAX_DEPTH) before anything recursive (a schema check, JSON.stringify, an RPC's structured
// clone) runs out of stack on it.

/** Whether a parsed JSON value nests more than `limit` levels of objects and arrays (a scalar is 0, `{}` 1); stops counting past the limit. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
