// Every Hono app in src/ is hono/tiny's (one PatternRouter): one file importing the `hono` preset's class
// would bring SmartRouter, RegExpRouter and TrieRouter back into the Worker bundle, 2.1 KiB of its 400 KiB
// gzip budget (issue 29, BENCHMARKS.md). Types come from "hono" as before; they are not in the bundle.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/** The names a file imports as values (not `import type`, not `type X`) from the module `spec`. */
function valueImports(text: string, spec: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g))
    if (!m[1] && m[3] === spec)
      names.push(
        ...m[2]!
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type ")),
      );
  return names;
}

describe("Hono apps", () => {
  it("finds a value import of the class, so the rule below can fail", () => {
    expect(valueImports('import { Hono, type Context } from "hono";', "hono")).toEqual(["Hono"]);
    expect(valueImports('import type { Context } from "hono";', "hono")).toEqual([]);
  });

  it("are built from hono/tiny everywhere in src/ and in the harness doc's recipe", () => {
    const files = sources(join(ROOT, "src"));
    const offenders = files.filter((f) => valueImports(readFileSync(f, "utf8"), "hono").includes("Hono"));
    expect(offenders).toEqual([]);
    expect(files.filter((f) => valueImports(readFileSync(f, "utf8"), "hono/tiny").includes("Hono")).length).toBeGreaterThan(10);
    expect(valueImports(readFileSync(join(ROOT, "docs/harness.md"), "utf8"), "hono")).not.toContain("Hono");
  });
});
