#!/usr/bin/env node
// Extraction benchmark: CPU ms per page (median and p90 over repeated runs after warm-up) and F1
// per page against ../shared/corpus, written to bench/results/extraction.md.
//
//   ./node_modules/.bin/node bench/extraction.mjs [--rounds 15] [--warmup 3]
//
// The TypeScript sources are bundled and imported by bench/lib/ts.mjs (they import without extensions).
// CPU is process.cpuUsage() (user + system) around each call, so a busy machine inflates wall time
// but not these figures; it includes V8's helper threads (GC), which a Worker also pays.
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { importTs } from "./lib/ts.mjs";

const { extractArticle } = await importTs("src/tools/extract.ts");
const { prunePage } = await importTs("src/tools/prune-page.ts");
const { CORPUS_PAGE_URL, loadCorpus, scoreText } = await importTs("test/support/extraction-corpus.ts");

const { values } = parseArgs({ options: { rounds: { type: "string", default: "15" }, warmup: { type: "string", default: "3" } } });
const rounds = Number(values.rounds);
const warmup = Number(values.warmup);

const pages = loadCorpus();
const cpuMs = new Map(pages.map((p) => [p.name, []]));

function cpuOf(fn) {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// Rounds visit every page in turn, so one page's garbage is not always collected during the next.
for (let round = 0; round < warmup + rounds; round++) {
  for (const page of pages) {
    const ms = cpuOf(() => extractArticle(prunePage(page.html), CORPUS_PAGE_URL));
    if (round >= warmup) cpuMs.get(page.name).push(ms);
  }
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

const rows = pages.map((page) => {
  const score = scoreText(extractArticle(prunePage(page.html), CORPUS_PAGE_URL).content, page);
  const samples = cpuMs.get(page.name);
  return {
    page: page.name,
    kib: Buffer.byteLength(page.html) / 1024,
    ...score,
    median: quantile(samples, 0.5),
    p90: quantile(samples, 0.9),
  };
});

const mean = (k) => rows.reduce((a, r) => a + r[k], 0) / rows.length;
const all = [...cpuMs.values()].flat();
const f = (x, d = 1) => x.toFixed(d);
const summary = [
  `pages: ${rows.length}, rounds: ${rounds} after ${warmup} warm-up, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  `mean F1 ${f(mean("f1"), 4)} (precision ${f(mean("precision"), 4)}, recall ${f(mean("recall"), 4)}), lowest ${f(Math.min(...rows.map((r) => r.f1)), 4)}`,
  `CPU per page over all samples: median ${f(quantile(all, 0.5))} ms, p90 ${f(quantile(all, 0.9))} ms; mean of page medians ${f(mean("median"))} ms`,
];

const md = [
  "# Extraction benchmark",
  "",
  "`extractArticle` (Readability 0.6 over linkedom, then the light-Markdown walk) on the 25 pages of",
  "`../shared/corpus`, scored like its `score-extraction.mjs` (bag-of-tokens F1 against Readability's",
  "expected article text). Produced by `node bench/extraction.mjs`; CPU is user + system time of the process.",
  "",
  ...summary.map((s) => `- ${s}`),
  "",
  "| page | KiB | F1 | precision | recall | CPU median ms | CPU p90 ms |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...rows.map((r) => `| ${r.page} | ${f(r.kib, 0)} | ${f(r.f1, 4)} | ${f(r.precision, 4)} | ${f(r.recall, 4)} | ${f(r.median)} | ${f(r.p90)} |`),
  "",
].join("\n");

const out = new URL("./results/extraction.md", import.meta.url);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(out, md);
console.log(summary.join("\n"));
console.log(`written to ${out.pathname}`);
