// Glob patterns for tool names, argument values, hosts and event types: `*` matches any run of
// characters (none included), `?` exactly one; every other character stands for itself. A pattern
// matches the whole text, case-sensitively.
const compiled = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = compiled.get(glob);
  if (!re) {
    const body = [...glob].map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[.+^${}()|[\]\\/-]/g, "\\$&"))).join("");
    re = new RegExp(`^${body}$`, "u");
    compiled.set(glob, re);
  }
  return re;
}

export function matchesGlob(glob: string, text: string): boolean {
  return globToRegExp(glob).test(text);
}
