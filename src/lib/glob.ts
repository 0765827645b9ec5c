// Glob patterns for tool names, argument values, hosts and event types: `*` matches any run of
// characters (none included), `?` exactly one; every other character stands for itself. A pattern
// matches the whole text, case-sensitively unless asked otherwise. (`-` is left unescaped: under the
// `u` flag `\-` is a syntax error, and outside a class it means itself.)
const compiled = new Map<string, RegExp>();

export function globToRegExp(glob: string, ignoreCase = false): RegExp {
  const cacheKey = `${ignoreCase ? "i" : "s"}${glob}`;
  let re = compiled.get(cacheKey);
  if (!re) {
    const body = [...glob].map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[.+^${}()|[\]\\/]/g, "\\$&"))).join("");
    re = new RegExp(`^${body}$`, ignoreCase ? "iu" : "u");
    compiled.set(cacheKey, re);
  }
  return re;
}

export function matchesGlob(glob: string, text: string, ignoreCase = false): boolean {
  return globToRegExp(glob, ignoreCase).test(text);
}
