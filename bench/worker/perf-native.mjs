// Where the Worker process's CPU goes below JavaScript: Linux `perf` on workerd (which ships its
// symbols), for this product and the bare durable loop (bench/durable/bare.worker.ts) over the same
// streamed runs. V8's own profiler (profile-worker.mjs) sees only the isolate's JavaScript, and samples
// wall time inside native calls (a SQLite statement, an RPC); this counts CPU in workerd's C++ too:
// statement preparation, commits, RPC, streams, the HTTP client. Prints each symbol's inclusive ms per
// run for both and the symbols where this product spends the most above the bare loop.
//
//   node bench/worker/perf-native.mjs [--runs 60] [--steps 10] [--top 40] [--symbols prepareSql,setAlarm]
//   (needs `perf` and perf_event_paranoid ≤ 2; the data goes to bench/results/tmp/, git-ignored)
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO } from "../lib/peer-bench.mjs";
import { startMock, startWorker, streamRun } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "60" },
    steps: { type: "string", default: "10" },
    top: { type: "string", default: "40" },
    hz: { type: "string", default: "2000" },
    symbols: { type: "string", default: "SqlStorage::exec,prepareSql,sqlite3_step,commit,fsync,setAlarm,deleteAlarm,JsRpc,ReadableStream,HttpClient" },
  },
});
const runs = Number(values.runs);
const steps = Number(values.steps);
const hz = Number(values.hz);
const TMP = path.join(REPO, "bench/results/tmp");

try {
  execFileSync("perf", ["--version"], { stdio: "ignore" });
} catch {
  console.error("perf-native: Linux `perf` is not installed on this machine.");
  process.exit(2);
}

/** A frame's name without argument lists and template arguments, short enough to read. */
function frameName(line) {
  const sym = line
    .trim()
    .replace(/^[0-9a-f]+\s+/, "")
    .replace(/\s*\([^()]*\)$/, "");
  if (sym.startsWith("[unknown]")) return "[JIT]";
  let name = sym;
  for (let before = ""; before !== name;) [before, name] = [name, name.replace(/<[^<>]*>/g, "<>")];
  return name.replace(/\(.*/, "").slice(0, 100);
}

/** `perf script` output as one array of frame names (leaf first) per sample. */
function stacks(file) {
  const text = execFileSync("perf", ["script", "-i", file, "-F", "comm,tid,ip,sym,dso"], {
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "ignore"],
  }).toString();
  return text
    .split("\n\n")
    .map((block) => block.split("\n").slice(1).filter(Boolean).map(frameName))
    .filter((frames) => frames.length);
}

/** Samples per frame name, each sample counted once per name on its stack. */
function inclusive(samples) {
  const counts = new Map();
  for (const frames of samples) for (const name of new Set(frames)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

async function record(name, config, mock) {
  const worker = await startWorker(mock, {}, config);
  try {
    const pid = worker.processes().find((p) => p.role === "workerd (the Worker)").pid;
    for (let i = 0; i < 5; i++) await streamRun(worker.url, `warm-${name}-${i}`, { steps });
    const file = path.join(TMP, `perf-${name}.data`);
    const perf = spawn("perf", ["record", "-F", String(hz), "-g", "-p", String(pid), "-o", file], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 500));
    for (let r = 0; r < runs; r++) {
      const run = await streamRun(worker.url, `perf-${name}-${r}`, { steps });
      if (run.error) throw new Error(`${name}: ${run.error}`);
    }
    perf.kill("SIGINT");
    await new Promise((r) => perf.once("exit", r));
    return stacks(file);
  } finally {
    await worker.stop();
  }
}

mkdirSync(TMP, { recursive: true });
const mock = await startMock();
try {
  const samples = { ours: await record("ours", undefined, mock), bare: await record("bare", "bench/durable/wrangler.bare.toml", mock) };
  const [ours, bare] = [inclusive(samples.ours), inclusive(samples.bare)];
  const msPerRun = (n = 0) => (n * 1000) / hz / runs;
  const fmt = (x) => x.toFixed(2).padStart(6);
  console.log(`${runs} runs × ${steps} steps each, perf at ${hz} Hz; the Worker's process, ms of CPU per run (inclusive)`);
  console.log(`all: this product ${msPerRun(samples.ours.length).toFixed(2)}, bare loop ${msPerRun(samples.bare.length).toFixed(2)}`);
  console.log("\nnamed symbols (ours / bare):");
  for (const s of values.symbols.split(",")) {
    const within = (list) => msPerRun(list.filter((frames) => frames.some((f) => f.includes(s))).length);
    console.log(`${fmt(within(samples.ours))} ${fmt(within(samples.bare))}  ${s}`);
  }
  console.log(`\nthe ${values.top} symbols where this product spends the most above the bare loop (diff, ours, bare):`);
  const names = [...new Set([...ours.keys(), ...bare.keys()])];
  const diff = (k) => msPerRun(ours.get(k)) - msPerRun(bare.get(k));
  for (const k of names.sort((a, b) => diff(b) - diff(a)).slice(0, Number(values.top)))
    console.log(`${fmt(diff(k))} ${fmt(msPerRun(ours.get(k)))} ${fmt(msPerRun(bare.get(k)))}  ${k}`);
} finally {
  mock.stop();
}
process.exit(0);
