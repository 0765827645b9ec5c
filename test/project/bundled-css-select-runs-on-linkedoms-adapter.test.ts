// The Worker bundle leaves domutils out (src/bundle-stubs/domutils.ts): css-select spreads it into a
// default adapter for callers that bring none, and its one caller in the Worker, linkedom, always brings
// its own. This holds that to the sources (css-select reads domutils for nothing else; every css-select
// call of linkedom's passes linkedom's adapter; only linkedom imports css-select in the Worker), gives
// every adapter method css-select reads a placeholder that throws, and builds the extractor twice, with
// and without the stub, which must extract every corpus page and answer a page of selectors alike.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as domutilsStub from "../../src/bundle-stubs/domutils";
import { NotBundledError } from "../../src/bundle-stubs/not-bundled";
import { CORPUS_PAGE_URL, loadCorpus } from "../support/extraction-corpus";
import { ROOT } from "../support/paths";

const STUB = join(ROOT, "src/bundle-stubs/domutils.ts");
const WORKER_HTMLPARSER2 = join(ROOT, "src/bundle-stubs/htmlparser2.ts");
const WORKER_ENTITIES_DECODE = join(ROOT, "src/bundle-stubs/entities-decode.ts");
const moduleFile = (path: string) => readFileSync(join(ROOT, "node_modules", path), "utf8");
const cssSelectFiles = () =>
  readdirSync(join(ROOT, "node_modules/css-select/dist"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .map((f) => moduleFile(`css-select/dist/${f}`));

const SELECTORS_PAGE = `<html><body><main id="m"><h1 class="t">T</h1><p>a</p><p class="x">b <a href="https://e.example/1">l</a></p>
<ul><li>1</li><li class="x">2</li><li>3</li></ul><div lang="en-GB"><span data-k="v w">s</span><p></p></div>
<table><tr><td>c</td><td><b>d</b></td></tr></table><svg><circle r="1"/></svg></main></body></html>`;
const SELECTORS = [
  "p",
  "p.x",
  "main > p",
  "h1 + p",
  "h1 ~ p",
  "li:first-child",
  "li:last-child",
  "li:nth-child(2n+1)",
  "li:not(.x)",
  'a[href^="https:"]',
  '[data-k~="w"]',
  '[lang|="en"]',
  "p:empty",
  "div:has(span)",
  "td:only-child, td b",
  ":is(h1, li).x",
  "circle",
];

const dir = mkdtempSync(join(tmpdir(), "css-select-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A call's arguments, from just after its `(` to its matching `)`. */
function balancedArguments(source: string, from: number): string {
  let depth = 1;
  for (let at = from; at < source.length; at++) {
    if (source[at] === "(") depth++;
    if (source[at] === ")" && --depth === 0) return source.slice(from, at).trim();
  }
  throw new Error("unbalanced call");
}

interface Bundled {
  extract: (html: string, url: string) => unknown;
  select: (html: string, selector: string) => string[];
  files: string[];
}

/** The extractor and linkedom, bundled with the Worker's domutils stub or with the real domutils. */
async function bundled(stubbed: boolean): Promise<Bundled> {
  const out = join(dir, `extract-${stubbed}.mjs`);
  const { metafile } = await build({
    stdin: {
      contents: `export { extractArticle as extract } from "./src/tools/extract.ts";
import { parseHTML } from "linkedom";
export const select = (html, selector) => {
  const { document } = parseHTML(html);
  const found = [...document.querySelectorAll(selector)];
  const first = document.querySelector(selector);
  return [...found.map((e) => e.outerHTML + ":" + e.matches(selector) + ":" + (e.closest(selector) === e)), String(first === (found[0] ?? null))];
};`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: out,
    // The Worker's narrowed htmlparser2 (wrangler.toml [alias]); its full entry imports domutils itself.
    alias: { htmlparser2: WORKER_HTMLPARSER2, "entities/decode": WORKER_ENTITIES_DECODE, ...(stubbed ? { domutils: STUB } : {}) },
    metafile: true,
    logLevel: "silent",
  });
  return { ...((await import(out)) as Omit<Bundled, "files">), files: Object.keys(metafile.inputs) };
}

describe("css-select without domutils", () => {
  it("reads domutils only for the default adapter, which it uses only when a call brings none", () => {
    const index = moduleFile("css-select/dist/index.js");
    expect(index.match(/\bDomUtils\b/g)).toHaveLength(2);
    expect(index).toContain('import * as DomUtils from "domutils";');
    expect(index).toContain("adapter: { ...DomUtils, isTag },");
    expect(index).toContain("finalOptions.adapter ??= defaultOptions.adapter;");
    for (const source of cssSelectFiles()) expect(source.includes("domutils") && !source.includes("DomUtils")).toBe(false);
  });

  it("is called by linkedom alone in the Worker, always with linkedom's adapter", () => {
    const out = join(dir, "worker");
    const r = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", out, "--metafile", join(out, "meta.json")], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8")) as { inputs: Record<string, { imports: { path: string }[] }> };
    const importers = Object.entries(meta.inputs)
      .filter(([file, input]) => !file.includes("node_modules/css-select/") && input.imports.some((i) => i.path.includes("node_modules/css-select/")))
      .map(([file]) => file.replace(/^.*node_modules\//, ""));
    expect(importers).toEqual(["linkedom/esm/shared/matches.js"]);
    const matches = moduleFile("linkedom/esm/shared/matches.js");
    const calls = [...matches.matchAll(/CSSselect\.(\w+)\(/g)].map((m) => ({ name: m[1], args: balancedArguments(matches, m.index + m[0].length) }));
    expect(calls.map((c) => c.name)).toEqual(["compile", "compile", "is"]);
    for (const { args } of calls) expect(args).toMatch(/[{,]\s*adapter\s*\}$/);
  });

  it("has a placeholder that throws for every adapter method css-select reads", () => {
    const read = new Set(cssSelectFiles().flatMap((source) => [...source.matchAll(/\badapter\.(\w+)/g)].map((m) => m[1]!)));
    read.delete("isTag"); // from domhandler, which stays
    expect(read.size).toBeGreaterThan(8);
    for (const name of read) {
      const method = Reflect.get(domutilsStub, name) as () => unknown;
      expect(method, name).toBeTypeOf("function");
      expect(method, name).toThrow(NotBundledError);
      expect(method, name).toThrow(`domutils' ${name} (css-select's default adapter) is not bundled`);
    }
  });

  it("extracts every corpus page and answers selectors as with the real domutils", async () => {
    const [real, stubbed] = [await bundled(false), await bundled(true)];
    // Two builds are compared, not one twice.
    expect(real.files.some((f) => f.includes("node_modules/domutils/"))).toBe(true);
    expect(stubbed.files.filter((f) => /node_modules\/(domutils|dom-serializer)\//.test(f))).toEqual([]);
    const pages = loadCorpus();
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) expect(stubbed.extract(page.html, CORPUS_PAGE_URL), page.name).toEqual(real.extract(page.html, CORPUS_PAGE_URL));
    for (const selector of SELECTORS) {
      const answer = stubbed.select(SELECTORS_PAGE, selector);
      expect(answer, selector).toEqual(real.select(SELECTORS_PAGE, selector));
      expect(answer.length, selector).toBeGreaterThan(1);
    }
  }, 120_000);
});
