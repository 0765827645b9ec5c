#!/usr/bin/env node
// `npm run bench`: every benchmark of BENCHMARKS.md, results to bench/results/, tables into BENCHMARKS.md
// (between its <!-- bench:NAME --> … <!-- /bench:NAME --> markers).
//
//   npm run bench                               all of it, full size (about 15–25 minutes on 2 busy cores)
//   npm run bench -- --quick                    small runs, to try the scripts (figures not for quoting)
//   npm run bench -- --only peers,paired,bundle,worker
//   npm run bench -- --only courses              the course tick at 1,000 / 10,000 / 100,000 courses, and the busy tick
//   npm run bench -- --only freeplan             whether a run fits the free plan's 10 ms of CPU per invocation
//   npm run bench -- --only pagetrip             a whole fetch_webpage call through the loop, over the 25 corpus pages
//   npm run bench -- --only suite                `.ci/run` on a fresh clone, timed (as long as CI; never in the default set)
// Every run ends with issue 29's figures beside their goals (bench/goals.mjs), from the newest records.
//   npm run bench -- --steps 20,5 --rounds 2 --runs 30 --warmup 3      (peer-bench run-all.mjs, as its README)
//   npm run bench -- --paired-runs 300 --paired-warmup 20
//   npm run bench -- --worker-phases cold,cpu,load,history --concurrency 1,8,32
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBundle } from "./bundle.mjs";
import { runSuite, suiteMarkdown } from "./suite.mjs";
import { runCourseTick } from "./courses/tick.mjs";
import { durableMarkdown, runDurableCompare } from "./durable/compare.mjs";
import { freePlanMarkdown, runFreePlan } from "./durable/free-plan.mjs";
import { machineInfo, machineLine } from "./lib/machine.mjs";
import { saveRecord } from "./lib/results.mjs";
import { extractionMarkdown, runExtractionWorkerd } from "./extraction/workerd.mjs";
import { pageTripMarkdown, runPageTrip } from "./extraction/page-trip.mjs";
import { goalsMarkdown, issue29Goals } from "./goals.mjs";
import { REPO } from "./lib/peer-bench.mjs";
import { runPaired, savePaired } from "./peer/paired.mjs";
import { runPeers } from "./peer/run-peers.mjs";
import { runWorker } from "./worker/run-worker.mjs";

const { values: o } = parseArgs({
  options: {
    only: { type: "string", default: "peers,paired,bundle,worker,extraction,pagetrip,durable,freeplan,courses" },
    quick: { type: "boolean" },
    steps: { type: "string" },
    rounds: { type: "string" },
    runs: { type: "string" },
    warmup: { type: "string" },
    "peers-only": { type: "string" },
    "paired-runs": { type: "string" },
    "paired-warmup": { type: "string" },
    "worker-phases": { type: "string" },
    concurrency: { type: "string" },
    "worker-steps": { type: "string" },
    history: { type: "string" },
    "no-peer-bundles": { type: "boolean" },
    "no-docs": { type: "boolean" },
  },
});
const only = o.only.split(",");
if (o.quick) process.env.BENCH_RESULTS_DIR ??= path.join(REPO, "bench/results/tmp/quick");
const q = o.quick;
const sections = {};

if (only.includes("peers")) {
  const { md } = await runPeers({
    steps: o.steps ?? (q ? "20" : "20,5"),
    rounds: o.rounds ?? (q ? "1" : "2"),
    runs: o.runs ?? (q ? "8" : "30"),
    warmup: o.warmup ?? (q ? "2" : "3"),
    only: o["peers-only"] ?? "",
  });
  sections.peers = md;
}
if (only.includes("paired")) {
  const r = await runPaired({ steps: "20", runs: o["paired-runs"] ?? (q ? "30" : "300"), warmup: o["paired-warmup"] ?? (q ? "5" : "20") });
  sections.paired = savePaired(r);
}
// Records (bench/results/<kind>-<date>.json) are what bench:check compares against.
const recorded = (kind, result, render) => saveRecord(kind, { kind, machine: machineInfo(), ...result }, render).md;
if (only.includes("extraction"))
  sections.extraction = recorded("extraction-workerd", await runExtractionWorkerd({ rounds: q ? 2 : 10, warmup: q ? 1 : 2 }), extractionMarkdown);
if (only.includes("pagetrip")) sections.pagetrip = recorded("page-trip", await runPageTrip({ rounds: q ? 1 : 5, warmup: 1 }), pageTripMarkdown);
// 60 rounds: at 30, seven records of one build spread over 1.24–1.38 (ours ÷ bare counting what each left
// behind), a wider band than the changes issue 29 weighs; twice the rounds narrow the median's error by ~30 %.
if (only.includes("durable")) sections.durable = recorded("durable", await runDurableCompare({ steps: 10, runs: q ? 4 : 60 }), durableMarkdown);
if (only.includes("freeplan")) sections.freeplan = recorded("free-plan", await runFreePlan({ runs: q ? 6 : 60 }), freePlanMarkdown);
if (only.includes("courses")) sections.courses = (await runCourseTick(q ? { sizes: [1000, 10_000], ticks: 5 } : {})).md;
if (only.includes("suite")) sections.suite = recorded("suite", await runSuite(), suiteMarkdown);
if (only.includes("bundle")) sections.bundle = (await runBundle({ peers: !o["no-peer-bundles"] })).md;
if (only.includes("worker")) {
  const { md } = await runWorker({
    phases: o["worker-phases"] ?? "cold,cpu,load,history",
    concurrency: o.concurrency ?? (q ? "1,4" : "1,8,32"),
    steps: o["worker-steps"] ?? (q ? "3" : "10"),
    "min-runs": q ? "4" : "24",
    "cpu-runs": q ? "3" : "20",
    history: o.history ?? (q ? "1,100" : "1,100,1000,10000,50000"),
    repeat: q ? "2" : "5",
    "cold-starts": q ? "1" : "3",
  });
  sections.worker = md;
}

// The goals table, whatever ran: each figure from its newest record (this run's where it made one).
sections.goals = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(machineInfo())}.\n\n${goalsMarkdown(issue29Goals())}`;
for (const [name, md] of Object.entries(sections)) process.stdout.write(`\n## ${name}\n\n${md}`);

// Quick runs try the scripts; only full runs replace the figures BENCHMARKS.md quotes.
if (!q && !o["no-docs"]) {
  const file = path.join(REPO, "BENCHMARKS.md");
  let doc;
  try {
    doc = readFileSync(file, "utf8");
  } catch {
    doc = null;
  }
  if (doc) {
    for (const [name, md] of Object.entries(sections)) {
      const re = new RegExp(`(<!-- bench:${name} -->\\n)[\\s\\S]*?(<!-- /bench:${name} -->)`);
      if (re.test(doc)) doc = doc.replace(re, (_m, a, b) => `${a}${md}${b}`);
      else process.stderr.write(`BENCHMARKS.md has no <!-- bench:${name} --> section; left as is\n`);
    }
    writeFileSync(file, doc);
    process.stderr.write(`updated ${path.relative(process.cwd(), file)}\n`);
  }
}
