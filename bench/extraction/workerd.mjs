#!/usr/bin/env node
// Extraction in workerd, the runtime that serves it: CPU ms per page (median, p90) and F1 on
// ../shared/corpus: the product's path (pruned by expressions), the same pruned by HTMLRewriter instead, and none (Readability
// over the whole page), in one run. The Worker (bench/extraction/worker.ts) runs in Miniflare's workerd;
// CPU is the workerd process's own (all threads, /proc schedstat) around each request, minus the
// median of requests that only read the same body.
//
//   ./node_modules/.bin/node bench/extraction/workerd.mjs [--rounds 10] [--warmup 2]   (or npm run bench -- --only extraction)
import { parseArgs } from "node:util";
import { cpuNs, devProcesses } from "../worker/lib.mjs";
import { importTs } from "../lib/ts.mjs";
import { quantile } from "../lib/stats.mjs";

export async function runExtractionWorkerd({ rounds: r = 10, warmup: w = 2 } = {}) {
  const { loadCorpus, scoreText } = await importTs("test/support/extraction-corpus.ts");
  const { startWranglerDev } = await importTs("test/support/wrangler-dev.ts");
  // wrangler's local observability off, as in the free-plan bench: its collector Worker shares the process and is no part of the Worker on Cloudflare.
  const dev = await startWranglerDev({ args: ["--config", "bench/extraction/wrangler.toml"], env: { X_LOCAL_OBSERVABILITY: "false" }, timeoutMs: 120_000 });
  const url = `${dev.url}/`;
  const pid = devProcesses(new URL(dev.url).port).find((p) => p.role === "workerd (the Worker)")?.pid;
  if (!pid) throw new Error("the Worker's workerd process was not found");
  const pages = loadCorpus();
  // The product's path, the same with HTMLRewriter's prune instead, Readability over the whole page, and the
  // first stages of both prunes alone (where the time goes).
  const modes = ["prune", "rewriter", "whole", "pruneOnly", "pruneParse", "rewriterOnly"];
  const paths = {
    prune: "extract?prune=product",
    rewriter: "extract?prune=htmlrewriter",
    whole: "extract?prune=none",
    pruneOnly: "prune?prune=product",
    pruneParse: "parse?prune=product",
    rewriterOnly: "prune?prune=htmlrewriter",
  };
  const samples = new Map(modes.flatMap((m) => pages.map((p) => [`${m}:${p.name}`, []])));
  const base = new Map(pages.map((p) => [p.name, []]));
  /** `scoring`: answer with the article's text (to score it), else with its length only (the timed calls). */
  const call = async (page, n, mode, scoring = false) => {
    const before = cpuNs(pid);
    const res = await fetch(`${url}${paths[mode]}&n=${n}${scoring ? "" : "&reply=length"}`, { method: "POST", body: page.html });
    const text = await res.text();
    return { ms: (cpuNs(pid) - before) / 1e6, text };
  };
  const scores = {};
  // Each round runs every mode over all pages in a block of its own: the garbage a request leaves is
  // collected during the requests after it, so a block bears its own mode's collection (as a Worker serving
  // only that path would), while rounds still interleave the modes against the machine's drifting load.
  for (let round = 0; round < w + r; round++) {
    for (const page of pages) {
      const b = await call(page, 0, "whole");
      if (round >= w) base.get(page.name).push(b.ms);
    }
    for (const mode of modes) {
      for (const page of pages) {
        const scoring = round === 0 && paths[mode].startsWith("extract");
        const { ms, text } = await call(page, 1, mode, scoring);
        if (round >= w) samples.get(`${mode}:${page.name}`).push(ms);
        if (scoring) scores[`${mode}:${page.name}`] = scoreText(text, page).f1;
      }
    }
  }
  await dev.stop();
  const result = {};
  for (const mode of modes) {
    const perPage = pages.map((p) => {
      const baseline = quantile(base.get(p.name), 0.5);
      // A sample is NaN when /proc could not be read at that moment: left out.
      const xs = samples
        .get(`${mode}:${p.name}`)
        .filter(Number.isFinite)
        .map((ms) => Math.max(0, ms - baseline));
      return { page: p.name, f1: scores[`${mode}:${p.name}`], median: quantile(xs, 0.5), p90: quantile(xs, 0.9), all: xs };
    });
    const all = perPage.flatMap((p) => p.all);
    result[mode] = {
      ...(paths[mode].startsWith("extract")
        ? { meanF1: perPage.reduce((a, p) => a + p.f1, 0) / perPage.length, minF1: Math.min(...perPage.map((p) => p.f1)) }
        : {}),
      median: quantile(all, 0.5),
      p90: quantile(all, 0.9),
      pages: perPage.map(({ all: _all, ...rest }) => rest),
    };
  }
  return { rounds: r, warmup: w, pages: pages.length, ...result };
}

/** The median over pages of each page's median. */
const pageMedian = (m) =>
  quantile(
    m.pages.map((p) => p.median),
    0.5,
  );

/** The Markdown table BENCHMARKS.md quotes. */
export function extractionMarkdown(r) {
  const row = (name, m) => `| ${name} | ${m.meanF1.toFixed(4)} | ${m.minF1.toFixed(4)} | ${m.median.toFixed(1)} | ${m.p90.toFixed(1)} |`;
  return [
    `${r.pages} pages of \`../shared/corpus\`, ${r.rounds} rounds after ${r.warmup} warm-up, in workerd under \`wrangler dev\`; CPU of the Worker's process per page.`,
    "",
    "| path | F1 mean | F1 lowest | CPU median ms | CPU p90 ms |",
    "|---|---:|---:|---:|---:|",
    row("pruned by expressions, then Readability (the product)", r.prune),
    ...(r.rewriter ? [row("pruned by HTMLRewriter, then Readability", r.rewriter)] : []),
    row("Readability over the whole page", r.whole),
    "",
    ...(r.pruneOnly
      ? [
          `Where the product's time goes (the median page's median, ms): the prune ${pageMedian(r.pruneOnly).toFixed(2)}, prune + linkedom's parse ${pageMedian(r.pruneParse).toFixed(1)}, the whole path ${pageMedian(r.prune).toFixed(1)}: Readability's own work is the rest.` +
            (r.rewriterOnly ? ` HTMLRewriter's prune alone: ${pageMedian(r.rewriterOnly).toFixed(1)}.` : ""),
          "",
        ]
      : []),
    `Ratio prune/whole: median ${(r.prune.median / r.whole.median).toFixed(2)}×, p90 ${(r.prune.p90 / r.whole.p90).toFixed(2)}×.` +
      (r.rewriter ? ` Ratio product/HTMLRewriter: median ${(r.prune.median / r.rewriter.median).toFixed(2)}×.` : "") +
      ` Goal ≤ 10 ms median with F1 ≥ 0.97: ${r.prune.median <= 10 && r.prune.meanF1 >= 0.97 ? "met" : "not met"}.`,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rounds: { type: "string", default: "10" }, warmup: { type: "string", default: "2" } } });
  process.stdout.write(extractionMarkdown(await runExtractionWorkerd({ rounds: Number(values.rounds), warmup: Number(values.warmup) })));
}
