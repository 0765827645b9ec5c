// Every regular expression literal in src/ runs in time linear in its input, checked by recheck (a ReDoS
// checker: it finds the strings on which backtracking takes polynomial or exponential time). Text from
// outside (a fetched page, a model's lesson, a chat message) can be megabytes long, and an expression
// that starts again at each character of a long run takes time in the square of it: `<[^>]*>` over
// 80,000 "<article " took 57 s. Expressions built at run time (new RegExp) are not literals; those over
// pages are covered by test/tools/unclosed-tags-read-in-linear-time.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseSync, Visitor } from "oxc-parser";
import { checkSync } from "recheck";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

/**
 * Literals recheck cannot judge within its time (status "unknown"; most take it under 3 s), each with why it is linear.
 * Keyed by the literal as written.
 */
const JUDGED_BY_HAND = new Map<string, string>([
  [
    String.raw`/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g`,
    "a match starts only at a word boundary followed by eyJ, so each run of token characters is tried once",
  ],
]);

/**
 * recheck's fuzzer gives up on a string after a time (250 ms growing it, 1 s attacking with it) and calls the
 * expression vulnerable. On a loaded CI machine that turned a linear expression vulnerable (NUMBER in
 * vocabulary/index.ts, 7 ms over 300,000 characters in V8). Without those clocks it judges by the characters its
 * VM reads, and the same expression gets the same answer on any machine; the whole check keeps its own limit.
 */
const CHECK = { timeout: 30_000, incubationTimeout: null, attackTimeout: null, randomSeed: 0 } as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every regular expression literal of src/, with where it is. */
function literals(): { where: string; literal: string }[] {
  const found: { where: string; literal: string }[] = [];
  for (const file of sourceFiles("src")) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const { program, errors } = parseSync(file, text);
    if (errors.length) throw new Error(`${file} does not parse: ${errors[0]!.message}`);
    new Visitor({
      Literal(node) {
        if (!("regex" in node) || !node.regex) return;
        const line = text.slice(0, node.start).split("\n").length;
        found.push({ where: `${relative(ROOT, join(ROOT, file))}:${line}`, literal: text.slice(node.start, node.end) });
      },
    }).visit(program);
  }
  return found;
}

describe("regular expressions in src/", () => {
  const all = literals();

  it("are found (the scan reads the sources)", () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it("each runs in time linear in its input", () => {
    const slow: string[] = [];
    const judged = new Set(JUDGED_BY_HAND.keys());
    for (const { where, literal } of all) {
      // The same literal in several places is judged once.
      if (judged.has(literal)) continue;
      judged.add(literal);
      const slash = literal.lastIndexOf("/");
      const result = checkSync(literal.slice(1, slash), literal.slice(slash + 1), CHECK);
      if (result.status !== "safe") {
        const attack = result.status === "vulnerable" ? ` on ${result.attack.pattern}` : "";
        slow.push(`${where} ${literal}: ${result.status}${attack}`);
      }
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
