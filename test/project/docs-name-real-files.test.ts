// The docs refer only to this repository: every file they name exists, every relative link lands on a
// file, and nothing in src, docs or test cites the shared brief's API or architecture files, which a
// clone does not have (docs/api.md and docs/architecture.md are the contract). Shared test data
// (`../shared/corpus`, `../shared/peer-bench`) may still be named: tests and benches read it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

/** Folders that are built, installed or written by tests, never part of a clone. */
const NOT_IN_A_CLONE = new Set(["node_modules", ".git", ".wrangler", "dist", "test-artifacts", "test-results"]);

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return NOT_IN_A_CLONE.has(e.name) ? [] : [path + "/", ...walk(path)];
    return [path];
  });
}

const REPO = walk("");
const TOP_DIRS = ["src", "test", "docs", "scripts", "bench", "skills", "public", "patches"];
/** Built by `npm run build:assets` from files that are in the repository (.gitignore lists them). */
const BUILT = readFileSync(join(ROOT, ".gitignore"), "utf8")
  .split("\n")
  .filter((line) => /^[a-z]+\/[a-z-]+\/$/.test(line));

/** A name a doc gives: a repo path (`src/…`), or a bare file name of our code (`loop.ts`); examples of other files are not checked. */
export function namedFile(token: string): string | undefined {
  if (/[\s*<>…{}$]|:\/\/|^[./~@]/.test(token)) return undefined;
  const path = token.replace(/[#:].*$/, "");
  if (TOP_DIRS.some((d) => path.startsWith(`${d}/`))) return path;
  return /\.(ts|mts|mjs|js|toml)$/.test(path) ? path : undefined;
}

/** Whether the repository has it: the path itself, a built path, or (a name within a folder the text is about) a file ending so. */
export function exists(path: string, files: readonly string[] = REPO): boolean {
  if (files.includes(path) || files.includes(`${path.replace(/\/$/, "")}/`)) return true;
  if (BUILT.some((b) => path.startsWith(b))) return true;
  return !TOP_DIRS.some((d) => path.startsWith(`${d}/`)) && files.some((f) => f.endsWith(`/${path}`));
}

const DOCS = REPO.filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")));

/** The names a doc's prose gives; code blocks are examples (a recipe's new files among them), not claims. */
function namesIn(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  const bare = [...text.replace(/`[^`\n]*`/g, "").matchAll(/(?<![\w/.-])((?:src|test|docs)\/[\w./-]*\w)/g)].map((m) => m[1]!);
  return [...spans, ...bare].flatMap((t) => namedFile(t) ?? []);
}

describe("the docs name real files", () => {
  it("tells a file name from other code, so the check below can fail", () => {
    expect(namedFile("src/agent/loop.ts")).toBe("src/agent/loop.ts");
    expect(namedFile("loop.ts")).toBe("loop.ts");
    expect(namedFile("src/session/trace/")).toBe("src/session/trace/");
    expect(namedFile("claude_desktop_config.json")).toBeUndefined();
    expect(namedFile("../shared/corpus/score-extraction.mjs")).toBeUndefined();
    expect(namedFile("/v1/mcp/oauth/client-metadata.json")).toBeUndefined();
    expect(exists("src/agent/loop.ts")).toBe(true);
    expect(exists("loop.ts")).toBe(true);
    expect(exists("src/agent/platforms.ts")).toBe(false);
    expect(exists("platforms.ts", ["src/platforms/registry.ts"])).toBe(false);
    expect(exists("runs/run-events.ts")).toBe(true);
    expect(DOCS).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "docs/api.md"]));
  });

  it.each(DOCS)("every file %s names exists", (doc) => {
    expect(namesIn(doc).filter((name) => !exists(name))).toEqual([]);
  });

  it.each(DOCS)("every relative link of %s lands on a file", (doc) => {
    const text = readFileSync(join(ROOT, doc), "utf8");
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+(:|&#58;)|^#/.test(l));
    const missing = links.filter((l) => !exists(relative(ROOT, resolve(ROOT, dirname(doc), l.replace(/#.*$/, "")))));
    expect(missing).toEqual([]);
  });
});

describe("the repository refers only to itself", () => {
  // Spelled in pieces, so this file does not cite them itself.
  const cited = new RegExp(["shared", "/(API|ARCHITECTURE)\\.md"].join(""));

  it("nothing in src, docs, test, scripts or bench cites the shared brief's API or architecture files", () => {
    const files = REPO.filter((f) => /^(src|docs|test|scripts|bench)\/.*\.(ts|mts|mjs|js|md)$/.test(f) || /^[A-Z]+\.md$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => cited.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
  });
});
