#!/usr/bin/env node
// `npm run bench:check`: measures the ratios again, small and fast (our loop / the bare openai loop,
// paired in one process and through peer-bench's run-all.mjs; the Worker bundle's gzip size), and
// prints how they moved against the last recorded ones in bench/results/*.json. It exits non-zero when a
// figure regressed by more than REGRESSION (every figure here is lower-is-better) or a measurement failed.
//
//   npm run bench:check                     fresh quick measurement vs the newest records
//   npm run bench:check -- --no-run         the newest record vs the one before it (no measuring)
//   npm run bench:check -- --skip peers     leave out peers (or paired, bundle, durable, extraction-workerd, page-trip, courses, free-plan)
//   npm run bench:check -- --goals          also fails when one of issue 29's goals with a record is not met (bench/goals.mjs;
//                                           with --no-run, judged on the newest records alone)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { wranglerBuild } from "./bundle.mjs";
import { REPO } from "./lib/peer-bench.mjs";
import { runPaired } from "./peer/paired.mjs";
import { runPeers } from "./peer/run-peers.mjs";
import { durableRatios, runDurableCompare } from "./durable/compare.mjs";
import { runExtractionWorkerd } from "./extraction/workerd.mjs";
import { courseFigures, runCourseTick } from "./courses/tick.mjs";
import { runFreePlan } from "./durable/free-plan.mjs";
import { runPageTrip } from "./extraction/page-trip.mjs";
import { goalsMarkdown, issue29Goals } from "./goals.mjs";

const { values: o } = parseArgs({ options: { "no-run": { type: "boolean" }, skip: { type: "string", default: "" }, goals: { type: "boolean" } } });
const skip = o.skip.split(",");
const dir = path.join(REPO, "bench/results");
const records = (kind) =>
  readdirSync(dir)
    .filter((f) => f.startsWith(`${kind}-`) && f.endsWith(".json"))
    .sort()
    .map((f) => ({ file: `bench/results/${f}`, data: JSON.parse(readFileSync(path.join(dir, f), "utf8")) }));

/** The figures compared, from a record of each kind. */
const metrics = {
  peers: (r) => {
    const s = r.analysis.by_steps[20] ?? Object.values(r.analysis.by_steps)[0];
    return { "run-all: ours/bare CPU, plain": s?.goals.ours_x_bare, "run-all: ours/bare CPU, stream": s?.goals.ours_stream_x_bare };
  },
  paired: (r) => Object.fromEntries(r.pairs.map((p) => [`paired: ours/bare CPU, ${p.mode}`, p.cpu_ratio_per_pair.median])),
  bundle: (r) => ({ "bundle gzip KiB, as configured": r.as_configured.gzip9_bytes / 1024, "bundle gzip KiB, --minify": r.minified.gzip9_bytes / 1024 }),
  durable: (r) => {
    const { oursXBare, oursXAichat } = durableRatios(r);
    return {
      "durable: ours/bare CPU per model call": oursXBare,
      "durable: ours/AIChatAgent CPU per model call": oursXAichat,
      ...(r.ratios?.oursXBare?.withDeferred ? { "durable: ours/bare CPU per run, counting the work left behind": r.ratios.oursXBare.withDeferred } : {}),
    };
  },
  "extraction-workerd": (r) => ({ "extraction: prune/whole CPU median": r.prune.median / r.whole.median, "extraction: CPU median ms": r.prune.median }),
  courses: courseFigures,
  "page-trip": (r) => ({ "page trip: a whole fetch_webpage call over the tiny page, median ms": r.median, "page trip: the same, p90 ms": r.p90 }),
  "free-plan": (r) => ({
    "free plan: CPU ms of a whole 10-step run, p50": r.wholeRun.p50,
    "free plan: CPU ms between model calls, one step per invocation, no stream, p50": r.stepped?.json.between.p50,
  }),
};
// How far a figure may move before it is called out: ratios are noisy on shared machines (two quick
// checks in a row on 2 busy cores moved paired ratios by up to 13 % and run-all ratios by up to 35 %),
// sizes are not.
const band = { peers: 0.3, paired: 0.15, bundle: 0.005, durable: 0.3, "extraction-workerd": 0.3, "page-trip": 0.3, courses: 0.3, "free-plan": 0.3 };
/** A rise beyond this fails the check (issue 17's bound: a ratio 20 % worse than its last record). */
const REGRESSION = 0.2;

const rows = [];
let failed = false;
/** This check's fresh records, for the goals (a figure not measured now is judged on its newest record). */
const fresh = {};
for (const kind of ["paired", "peers", "bundle", "durable", "extraction-workerd", "page-trip", "courses", "free-plan"]) {
  if (skip.includes(kind)) continue;
  const recs = records(kind);
  const last = recs.at(-1);
  if (!last) {
    rows.push({ kind, name: `${kind}: no record in bench/results yet (run npm run bench)` });
    continue;
  }
  let now;
  let nowLabel;
  try {
    if (o["no-run"]) {
      const prev = recs.at(-2);
      if (!prev) {
        rows.push({ kind, name: `${kind}: only one record, nothing to compare` });
        continue;
      }
      now = metrics[kind](last.data);
      nowLabel = last.file;
      Object.assign(last, { file: prev.file, data: prev.data });
    } else if (kind === "paired") {
      now = metrics.paired(await runPaired({ steps: "20", runs: "150", warmup: "15" }));
      nowLabel = "now (paired, 150 runs)";
    } else if (kind === "peers") {
      const tmp = await runPeers({ steps: "20", rounds: "2", runs: "15", warmup: "2", only: "a-openai,f-study-agent", record: false });
      now = metrics.peers(tmp.record);
      nowLabel = "now (run-all, a + f, 2 × 15 runs)";
    } else if (kind === "durable") {
      const r = await runDurableCompare({ steps: 10, runs: 6 });
      fresh.durable = { file: "now (durable, 6 runs each)", data: r };
      now = metrics.durable(r);
      nowLabel = "now (durable, 6 runs each)";
    } else if (kind === "page-trip") {
      const r = await runPageTrip({ rounds: 2, warmup: 1 });
      fresh["page-trip"] = { file: "now (page trip, 2 rounds)", data: r };
      now = metrics["page-trip"](r);
      nowLabel = "now (page trip, 2 rounds)";
    } else if (kind === "courses") {
      now = metrics.courses((await runCourseTick({ sizes: [1000, 10_000], ticks: 15, shardCounts: [16], busySizes: [100], save: false })).record);
      nowLabel = "now (courses: 1,000 and 10,000, 16 shards, 15 ticks; 100 due)";
    } else if (kind === "free-plan") {
      const r = await runFreePlan({ runs: 10, steppedRuns: 8 });
      fresh["free-plan"] = { file: "now (free plan, 8 stepped runs)", data: r };
      now = metrics["free-plan"](r);
      nowLabel = "now (free plan, 10 whole runs, 8 stepped runs each way)";
    } else if (kind === "extraction-workerd") {
      now = metrics["extraction-workerd"](await runExtractionWorkerd({ rounds: 2, warmup: 1 }));
      nowLabel = "now (extraction, 2 rounds)";
    } else {
      const r = { as_configured: wranglerBuild({ minify: false }), minified: wranglerBuild({ minify: true }) };
      fresh.bundle = { file: "now (wrangler dry-run)", data: r };
      now = metrics.bundle(r);
      nowLabel = "now (wrangler dry-run)";
    }
  } catch (e) {
    failed = true;
    rows.push({ kind, name: `${kind}: measurement failed: ${e instanceof Error ? e.message : e}` });
    continue;
  }
  const then = metrics[kind](last.data);
  for (const [name, x] of Object.entries(now)) {
    const y = then[name];
    const change = x != null && y ? x / y - 1 : null;
    const regressed = change != null && change > REGRESSION;
    if (regressed) failed = true;
    rows.push({ kind, name, then: y, now: x, change, moved: change != null && Math.abs(change) > band[kind], regressed, recorded: last.file, nowLabel });
  }
}

const f = (x) => (x == null ? "-" : Number(x).toFixed(x > 50 ? 1 : 3));
console.log("| figure | recorded | now | change | |");
console.log("|---|---:|---:|---:|---|");
for (const r of rows) {
  if (r.then === undefined && r.now === undefined) {
    console.log(`| ${r.name} | | | | |`);
    continue;
  }
  console.log(
    `| ${r.name} | ${f(r.then)} (${r.recorded}) | ${f(r.now)} (${r.nowLabel}) | ${r.change == null ? "-" : `${r.change >= 0 ? "+" : ""}${(100 * r.change).toFixed(1)}%`} | ${r.regressed ? "**regressed**" : r.moved ? "**moved**" : "within noise"} |`,
  );
}
console.log(
  `\nNoise bands: paired ±${band.paired * 100}%, run-all, durable, extraction, courses and free plan ±${band.peers * 100}% (measured on a shared machine), bundle ±${band.bundle * 100}%. Fails on a rise over ${REGRESSION * 100}% or a failed measurement.`,
);
if (o.goals) {
  const goals = issue29Goals(o["no-run"] ? {} : fresh);
  console.log(`\nIssue 29's goals:\n\n${goalsMarkdown(goals)}`);
  if (goals.some((g) => g.met === false)) failed = true;
}
mkdirSync(path.join(dir, "tmp"), { recursive: true });
writeFileSync(path.join(dir, "tmp/check-latest.json"), JSON.stringify(rows, null, 1));
process.exitCode = failed ? 1 : 0;
