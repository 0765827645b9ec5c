#!/usr/bin/env node
// A whole fetch_webpage call in workerd, as a run makes it (issue 29): the tool fetches the page, extracts
// it, and its result goes through the loop, the history, the trace and the stream into the next model
// request. Each run is one fetch_webpage step and a final answer, in a fresh session, streamed, under
// `wrangler dev` against the scripted model (bench/worker/mock-model.mjs, `[[fetch:URL]]`); the pages are
// the 25 of ../shared/corpus, served by a local server. CPU is the Worker process's (all threads) per
// run, less the median of the same run on a tiny page, interleaved round by round (each round: the tiny
// page, then every corpus page).
//
//   ./node_modules/.bin/node bench/extraction/page-trip.mjs [--rounds 5] [--warmup 1]   (or npm run bench -- --only pagetrip)
//   ./node_modules/.bin/node bench/extraction/page-trip.mjs --base <checkout> [--rounds 5]   (this build and another, side by side;
//   run it A/A first: on 2026-12-06, 9 rounds of one build against itself differed by 0.48 ms on the median page, 6.6 ms on one page)
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { importTs } from "../lib/ts.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { roleCpuMs } from "../worker/run-worker.mjs";
import { startMock, startWorker, streamRun } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
const TINY = "<!doctype html><html><head><title>Tiny</title></head><body><article><p>A tiny page.</p></article></body></html>";

/** Serves each corpus page at /<name> and the tiny page at /tiny. */
async function pageServer(pages) {
  const byName = new Map(pages.map((p) => [p.name, p.html]));
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname.slice(1));
    const html = name === "tiny" ? TINY : byName.get(name);
    if (html === undefined) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * The trip on this checkout; with `base` (another checkout: a git worktree of an earlier commit, as for
 * bench/durable/builds.mjs) the same runs on both builds, each under its own `wrangler dev`, every page run
 * on both in a rotating order, so a machine whose speed drifts weighs on both alike: `{ this, base }`.
 */
export async function runPageTrip({ rounds = 5, warmup = 1, base } = {}) {
  const { loadCorpus } = await importTs("test/support/extraction-corpus.ts");
  const pages = loadCorpus();
  const server = await pageServer(pages);
  const mock = await startMock();
  const configs = base ? { this: undefined, base: path.resolve(base, "wrangler.toml") } : { this: undefined };
  const builds = {};
  try {
    for (const [b, config] of Object.entries(configs)) builds[b] = await startWorker(mock, { ALLOW_PRIVATE_FETCH: "true" }, config);
    const stamp = Date.now().toString(36);
    let n = 0;
    const one = async (b, name) => {
      const sid = `trip-${stamp}-${++n}`;
      const procs = builds[b].processes();
      const before = roleCpuMs(procs)[WORKER];
      const run = await streamRun(builds[b].url, sid, { steps: 1, fetchUrl: `${server.base}/${encodeURIComponent(name)}` });
      // The object's last writes and the stream's close, before the counter is read.
      await new Promise((r) => setTimeout(r, 50));
      if (run.error) throw new Error(`${b}: ${name}: ${run.error}`);
      return { sid, ms: roleCpuMs(procs)[WORKER] - before };
    };
    // Proof the page went the whole way: the tool result the history keeps, per page (first warm-up run).
    const outputChars = {};
    const names = ["tiny", ...pages.map((p) => p.name)];
    const order = Object.keys(builds);
    const samples = Object.fromEntries(order.map((b) => [b, Object.fromEntries(names.map((x) => [x, []]))]));
    for (let r = 0; r < warmup + rounds; r++) {
      for (const [i, name] of names.entries()) {
        for (const [j] of order.entries()) {
          const b = order[(i + j + r) % order.length];
          const { sid, ms } = await one(b, name);
          if (r >= warmup) samples[b][name].push(ms);
          else if (r === 0 && b === "this") {
            const session = await (await fetch(`${builds[b].url}/v1/sessions/${sid}`)).json();
            const tool = session.messages.find((m) => m.role === "tool");
            if (tool?.status !== "success") throw new Error(`${name}: fetch_webpage answered ${tool?.status}: ${String(tool?.content).slice(0, 200)}`);
            outputChars[name] = tool.content.length;
          }
        }
      }
    }
    const figures = Object.fromEntries(order.map((b) => [b, tripFigures(pages, samples[b], outputChars, { rounds, warmup })]));
    return base ? figures : figures.this;
  } finally {
    for (const w of Object.values(builds)) await w.stop();
    mock.stop();
    server.close();
  }
}

/** One build's figures: each page's runs less the median of the tiny page's. */
function tripFigures(pages, samples, outputChars, { rounds, warmup }) {
  const tiny = median(samples.tiny);
  const perPage = pages.map((p) => {
    const xs = samples[p.name].map((ms) => ms - tiny);
    return {
      page: p.name,
      htmlKiB: round(Buffer.byteLength(p.html) / 1024, 1),
      outputChars: outputChars[p.name],
      median: round(median(xs), 2),
      p90: round(quantile(xs, 0.9), 2),
      all: xs.map((x) => round(x, 3)),
    };
  });
  const all = perPage.flatMap((p) => p.all);
  return {
    rounds,
    warmup,
    pages: pages.length,
    tinyRunMs: round(tiny, 2),
    tinyAll: samples.tiny.map((x) => round(x, 3)),
    median: round(median(all), 2),
    p90: round(quantile(all, 0.9), 2),
    perPage,
  };
}

export const PAGE_TRIP_GOALS = { median: 8, p90: 20 };

export function pageTripMarkdown(r) {
  const worst = [...r.perPage].sort((a, b) => b.median - a.median).slice(0, 5);
  return [
    `${r.pages} pages of \`../shared/corpus\`, ${r.rounds} rounds after ${r.warmup} warm-up, interleaved with a tiny page; each a fresh session's streamed run of one \`fetch_webpage\` step and an answer, in workerd under \`wrangler dev\`. CPU of the Worker's process per run less the tiny page's run (${fmt(r.tinyRunMs, 1)} ms p50).`,
    "",
    "| figure | measured | goal | |",
    "|---|---:|---:|---|",
    `| a whole \`fetch_webpage\` call over the tiny page, median | ${fmt(r.median, 1)} ms | ≤ ${PAGE_TRIP_GOALS.median} ms | ${r.median <= PAGE_TRIP_GOALS.median ? "**met**" : "**not met**"} |`,
    `| the same, p90 | ${fmt(r.p90, 1)} ms | ≤ ${PAGE_TRIP_GOALS.p90} ms | ${r.p90 <= PAGE_TRIP_GOALS.p90 ? "**met**" : "**not met**"} |`,
    "",
    `Slowest pages (median ms): ${worst.map((p) => `${p.page} ${fmt(p.median, 1)} (${p.htmlKiB} KiB of HTML)`).join(", ")}.`,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { rounds: { type: "string", default: "5" }, warmup: { type: "string", default: "1" }, json: { type: "boolean" }, base: { type: "string" } },
  });
  const r = await runPageTrip({ rounds: Number(values.rounds), warmup: Number(values.warmup), base: values.base });
  if (values.json) process.stdout.write(JSON.stringify(r, null, 1));
  else if (!values.base) process.stdout.write(pageTripMarkdown(r));
  else {
    for (const b of ["base", "this"]) {
      const slowest = [...r[b].perPage].sort((x, y) => y.median - x.median).slice(0, 5);
      console.log(
        `${b}: median ${fmt(r[b].median, 1)} ms, p90 ${fmt(r[b].p90, 1)} ms (tiny page ${fmt(r[b].tinyRunMs, 1)} ms); slowest: ${slowest.map((p) => `${p.page} ${fmt(p.median, 1)}`).join(", ")}`,
      );
    }
    // Each build's figures lean on its own tiny-page median; a page's two runs of one round, compared
    // whole, do not: what this build saves (or adds) on each page's whole run.
    const change = r.this.perPage.map((p, i) => {
      const q = r.base.perPage[i];
      return { page: p.page, ms: median(p.all.map((x, k) => x + r.this.tinyRunMs - (q.all[k] + r.base.tinyRunMs))) };
    });
    const most = [...change].sort((x, y) => x.ms - y.ms).slice(0, 6);
    console.log(
      `this - base, a page's whole run (median over the rounds): ${fmt(median(change.map((x) => x.ms)), 2)} ms on the median page; most: ${most.map((x) => `${x.page} ${fmt(x.ms, 1)}`).join(", ")} ms`,
    );
  }
}
