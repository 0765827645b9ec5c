// Glob patterns for tool names, argument values, hosts and event types: `*` matches any run of
// characters (none included), `?` exactly one; every other character stands for itself. A pattern
// matches the whole text, case-sensitively unless asked otherwise.
//
// Matched by walking the text once with one place to go back to (the last `*`), not by an expression:
// `^a[\s\S]*b[\s\S]*c$` backtracks in time of the text's length to the power of its stars (`*a*b` over
// an argument of 100,000 characters took 8.5 s, `*a*a*b` over 5000 26 s). The walk takes at most the
// text's length times the pattern's.

/** Characters (code points), lower-cased one by one when case does not count, so both keep their lengths. */
const charsOf = (s: string, ignoreCase: boolean): string[] => (ignoreCase ? [...s].map((c) => c.toLowerCase()) : [...s]);

export function matchesGlob(glob: string, text: string, ignoreCase = false): boolean {
  const p = charsOf(glob, ignoreCase);
  const t = charsOf(text, ignoreCase);
  let i = 0;
  let j = 0;
  // After a mismatch, the last `*` takes one more character and the pattern goes on after it.
  let star = -1;
  let starAt = 0;
  while (i < t.length) {
    if (j < p.length && (p[j] === "?" || p[j] === t[i])) {
      i++;
      j++;
    } else if (j < p.length && p[j] === "*") {
      star = j++;
      starAt = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++starAt;
    } else return false;
  }
  while (p[j] === "*") j++;
  return j === p.length;
}
