// CPU profile of one peer-bench script (ours by default) against the scripted model: where the time goes,
// by function and by package. Use it to find hot paths; the numbers are V8 sample counts, not a benchmark.
//
//   node bench/peer/profile.mjs [--script f-study-agent-stream.mjs] [--steps 20] [--runs 300] [--top 25]
//
// Writes the .cpuprofile to bench/results/tmp/ (git-ignored) and prints the top self-time functions.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../lib/ts.mjs";
import { addOursToRunAll, preparePeerBench, REPO } from "../lib/peer-bench.mjs";
import { buildOurs } from "./build.mjs";

const { values } = parseArgs({
  options: { script: { type: "string", default: "f-study-agent.mjs" }, steps: { type: "string", default: "20" }, runs: { type: "string", default: "300" }, top: { type: "string", default: "25" } },
});
const pb = preparePeerBench();
await buildOurs(path.join(pb.dir, "fw"));
addOursToRunAll(pb.dir, ["f-study-agent.mjs", "f-study-agent-stream.mjs"]);
const port = await freePort();
const mock = spawn(pb.node, [path.join(pb.dir, "mock-openai.mjs"), String(port)], { env: { ...process.env, STEPS: values.steps }, stdio: ["ignore", "pipe", "inherit"] });
await new Promise((r) => mock.stdout.on("data", (d) => String(d).includes("READY") && r()));
const profDir = path.join(REPO, "bench/results/tmp", `prof-${values.script.replace(/\.mjs$/, "")}-${Date.now()}`);
mkdirSync(profDir, { recursive: true });
try {
  await new Promise((resolve, reject) => {
    const child = spawn(pb.node, ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "--cpu-prof-interval=100", path.join(pb.dir, "fw", values.script)], {
      cwd: pb.dir,
      env: { ...process.env, PORT: String(port), STEPS: values.steps, RUNS: values.runs, WARMUP: "5", OPENAI_AGENTS_DISABLE_TRACING: "1", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${values.script} exited ${code}`))));
  });
} finally {
  mock.kill("SIGTERM");
}

const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(readFileSync(path.join(profDir, file), "utf8"));
const dt = new Map();
for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const where = (n) => {
  const url = n.callFrame.url || "";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes("/fw/f-study-agent")) return "ours (src/agent, bundled)";
  if (url.includes("/fw/") || url.includes("harness.mjs")) return "bench script";
  if (url.startsWith("node:") || !url) return n.callFrame.functionName.startsWith("(") ? n.callFrame.functionName : "node internals / native";
  return url;
};
const byFn = new Map();
const byPkg = new Map();
for (const n of prof.nodes) {
  const us = dt.get(n.id) ?? 0;
  if (!us) continue;
  const pkg = where(n);
  const key = `${n.callFrame.functionName || "(anonymous)"} — ${path.basename(n.callFrame.url || "(native)")}:${n.callFrame.lineNumber + 1} [${pkg}]`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
}
// Native and Node-internal work charged to the nearest JS caller that belongs to a package or to us
// ("who caused it"), and inclusive time of our own functions.
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n);
const isOwner = (n) => { const w = where(n); return w !== "node internals / native" && !w.startsWith("("); };
const byOwner = new Map();
const oursIncl = new Map();
for (const n of prof.nodes) {
  const us = dt.get(n.id) ?? 0;
  if (!us) continue;
  let o = n;
  while (o && !isOwner(o) && !where(o).startsWith("(")) o = parent.get(o.id);
  const owner = o ? (isOwner(o) ? `${where(o)}: ${o.callFrame.functionName || "(anonymous)"}` : where(o)) : "node internals (no JS caller)";
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  const seen = new Set();
  for (let a = n; a; a = parent.get(a.id)) {
    if (!where(a).startsWith("ours")) continue;
    const k = `${a.callFrame.functionName || "(anonymous)"}:${a.callFrame.lineNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    oursIncl.set(k, (oursIncl.get(k) ?? 0) + us);
  }
}
const pct = (us) => `${((100 * us) / total).toFixed(1)}%`;
console.log(`profile: ${path.relative(REPO, path.join(profDir, file))}; ${values.script}, ${values.steps} steps × ${values.runs} runs; ${(total / 1000).toFixed(0)} ms sampled`);
console.log("\nself time by package:");
for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${pct(v).padStart(6)}  ${k}`);
console.log(`\ntop ${values.top} functions by self time:`);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${pct(v).padStart(6)}  ${k}`);
console.log(`\nself time charged to the nearest package/our JS caller (top ${values.top}):`);
for (const [k, v] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${pct(v).padStart(6)}  ${k}`);
console.log("\ninclusive time of our functions (line numbers are in the bundle fw/" + values.script + "):");
for (const [k, v] of [...oursIncl].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${pct(v).padStart(6)}  ${k}`);
