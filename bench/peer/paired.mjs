// Paired, in-process comparison of our loop with the bare openai loop: the peer-bench scripts
// (fw/a-openai*.mjs and our bundles fw/f-study-agent*.mjs) are imported into ONE process against
// a stand-in harness that only registers their runOnce; runs then alternate a, f, a', f', … so the
// machine's load drifts over both alike. The ratio is the median over pairs of (ours / bare) CPU.
// This is a second view beside run-all.mjs (one process per script), steadier on a busy machine.
//
//   node bench/peer/paired.mjs [--steps 20] [--runs 200] [--warmup 20] [--save]   (--save: bench/results/paired-*.json, paired.md)
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../lib/ts.mjs";
import { busyMeter, machineInfo, machineLine } from "../lib/machine.mjs";
import { saveRecord } from "../lib/results.mjs";
import { preparePeerBench } from "../lib/peer-bench.mjs";
import { median, quantile, round } from "../lib/stats.mjs";
import { buildOurs } from "./build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const PAIRS = [
  ["a-openai.mjs", "f-study-agent.mjs", "plain"],
  ["a-openai-stream.mjs", "f-study-agent-stream.mjs", "stream"],
];

/**
 * Runs peer-bench scripts alternated in one child process against the scripted model and returns
 * every run's CPU and wall per step. `prepare(fwDir)` puts the scripts in place and names them; by
 * default the bare loops and our bundles.
 */
export async function alternate({ steps = "20", runs = "200", warmup = "20", prepare } = {}) {
  const pb = preparePeerBench();
  const dir = path.join(pb.dir, "paired");
  const fwDir = path.join(dir, "fw");
  mkdirSync(fwDir, { recursive: true });
  copyFileSync(path.join(here, "paired-harness.mjs"), path.join(dir, "harness.mjs"));
  for (const [bare] of PAIRS) copyFileSync(path.join(pb.dir, "fw", bare), path.join(fwDir, bare));
  let scripts;
  if (prepare) scripts = await prepare(fwDir);
  else {
    await buildOurs(fwDir);
    scripts = PAIRS.flatMap(([bare, ours]) => [bare, ours]);
  }
  const port = await freePort();
  const mock = spawn(pb.node, [path.join(pb.dir, "mock-openai.mjs"), String(port)], {
    env: { ...process.env, STEPS: steps },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((r) => mock.stdout.on("data", (d) => String(d).includes("READY") && r()));
  try {
    // Runs in a child on peer-bench's Node so it loads the peers' own openai and zod.
    const meter = busyMeter();
    const out = await new Promise((resolve, reject) => {
      const child = spawn(
        pb.node,
        [fileURLToPath(import.meta.url), "--child", "--dir", dir, "--scripts", scripts.join(","), "--runs", runs, "--warmup", warmup],
        {
          env: { ...process.env, PORT: String(port), STEPS: steps, NODE_ENV: "production" },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      let s = "";
      child.stdout.on("data", (d) => (s += d));
      child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(s)) : reject(new Error(`paired child exited ${code}`))));
    });
    return { machine: machineInfo(), busy: meter.stop(), steps: Number(steps), runs: Number(runs), warmup: Number(warmup), scripts, ...out };
  } finally {
    mock.kill("SIGTERM");
  }
}

const q = (xs) => ({ median: round(median(xs)), p25: round(quantile(xs, 0.25)), p75: round(quantile(xs, 0.75)) });

export async function runPaired({ steps = "20", runs = "200", warmup = "20" } = {}) {
  const r = await alternate({ steps, runs, warmup });
  const { samples, frameworks } = r;
  const pairs = PAIRS.map(([bare, ours, mode]) => ({
    mode,
    bare: { script: bare, framework: frameworks[bare], cpu_ms_per_step: q(samples[bare].cpu), wall_ms_per_step: q(samples[bare].wall) },
    ours: { script: ours, framework: frameworks[ours], cpu_ms_per_step: q(samples[ours].cpu), wall_ms_per_step: q(samples[ours].wall) },
    cpu_ratio_per_pair: q(samples[ours].cpu.map((x, k) => x / samples[bare].cpu[k])),
    cpu_ratio_of_medians: round(median(samples[ours].cpu) / median(samples[bare].cpu)),
    wall_ratio_per_pair: q(samples[ours].wall.map((x, k) => x / samples[bare].wall[k])),
  }));
  const command = `npm run bench -- --only paired --paired-runs ${runs} --paired-warmup ${warmup}`;
  return { kind: "paired", command, ...r, pairs };
}

async function child({ dir, scripts, runs, warmup }) {
  const { registered, counter } = await import(pathToFileURL(path.join(dir, "harness.mjs")).href);
  const STEPS = Number(process.env.STEPS);
  const byScript = {};
  for (const s of scripts) {
    const before = registered.length;
    await import(pathToFileURL(path.join(dir, "fw", s)).href);
    byScript[s] = registered[before];
  }
  const samples = Object.fromEntries(scripts.map((s) => [s, { cpu: [], wall: [] }]));
  for (let i = 0; i < warmup + runs; i++) {
    // Rotate the order each iteration so no script always follows the same one.
    const order = scripts.map((_, k) => scripts[(k + i) % scripts.length]);
    for (const s of order) {
      counter.calls = 0;
      counter.lastA = -1;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const text = await byScript[s].runOnce();
      const wall = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (counter.calls !== STEPS || counter.lastA !== STEPS - 1 || !String(text).includes("done"))
        throw new Error(`${s}: bad run (${counter.calls} calls, text ${JSON.stringify(text)})`);
      if (i >= warmup) {
        samples[s].cpu.push((c.user + c.system) / 1000 / STEPS);
        samples[s].wall.push(wall / STEPS);
      }
    }
  }
  const frameworks = Object.fromEntries(scripts.map((s) => [s, byScript[s].framework]));
  process.stdout.write(JSON.stringify({ samples, frameworks }));
}

/** Writes bench/results/paired-<stamp>.json (samples rounded to µs) and paired.md; returns the table. */
export function savePaired(record) {
  const samples = Object.fromEntries(
    Object.entries(record.samples).map(([k, v]) => [k, { cpu: v.cpu.map((x) => round(x)), wall: v.wall.map((x) => round(x)) }]),
  );
  return saveRecord("paired", { ...record, samples }, renderPaired).md;
}

export function renderPaired(r, jsonRel) {
  const L = [];
  L.push(
    `Measured ${r.machine.date.slice(0, 16).replace("T", " ")} UTC on ${machineLine(r.machine)}; the whole machine averaged ${r.busy.busy_cores_avg} busy cores of ${r.machine.nproc} over ${r.busy.wall_s} s. ${r.steps} tool steps a run, ${r.runs} runs of each script after ${r.warmup} warm-up, alternated in one process. Record: \`${jsonRel}\`. Command: \`${r.command}\`.`,
  );
  L.push("");
  L.push(
    "| mode | bare loop CPU ms/step, median [p25–p75] | ours CPU ms/step, median [p25–p75] | ours / bare CPU, per pair: median [p25–p75] | ratio of medians | ours / bare wall, per pair | goal ≤ 1.2× |",
  );
  L.push("|---|---|---|---|---:|---|---|");
  for (const p of r.pairs) {
    const c = (x) => `${x.median} [${x.p25}–${x.p75}]`;
    L.push(
      `| ${p.mode} | ${c(p.bare.cpu_ms_per_step)} | ${c(p.ours.cpu_ms_per_step)} | ${c(p.cpu_ratio_per_pair)} | ${p.cpu_ratio_of_medians} | ${c(p.wall_ratio_per_pair)} | ${p.cpu_ratio_per_pair.median <= 1.2 ? "**met**" : "**not met**"} |`,
    );
  }
  return L.join("\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: Object.fromEntries(
      [["child", "boolean"], ["dir"], ["scripts"], ["steps"], ["runs"], ["warmup"], ["json"], ["save", "boolean"]].map(([k, t = "string"]) => [k, { type: t }]),
    ),
  });
  if (values.child) await child({ dir: values.dir, scripts: values.scripts.split(","), runs: Number(values.runs), warmup: Number(values.warmup) });
  else {
    const r = await runPaired(values);
    if (values.json) writeFileSync(values.json, JSON.stringify(r, null, 1));
    process.stdout.write(values.save ? savePaired(r) : renderPaired(r, "(not saved: --save writes it)"));
  }
}
