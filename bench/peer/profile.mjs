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
import { analyseProfile, formatProfile } from "../lib/cpuprofile.mjs";
import { buildOurs } from "./build.mjs";

const { values } = parseArgs({
  options: {
    script: { type: "string", default: "f-study-agent.mjs" },
    steps: { type: "string", default: "20" },
    runs: { type: "string", default: "300" },
    top: { type: "string", default: "25" },
  },
});
const pb = preparePeerBench();
await buildOurs(path.join(pb.dir, "fw"));
addOursToRunAll(pb.dir, ["f-study-agent.mjs", "f-study-agent-stream.mjs"]);
const port = await freePort();
const mock = spawn(pb.node, [path.join(pb.dir, "mock-openai.mjs"), String(port)], {
  env: { ...process.env, STEPS: values.steps },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((r) => mock.stdout.on("data", (d) => String(d).includes("READY") && r()));
const profDir = path.join(REPO, "bench/results/tmp", `prof-${values.script.replace(/\.mjs$/, "")}-${Date.now()}`);
mkdirSync(profDir, { recursive: true });
try {
  await new Promise((resolve, reject) => {
    const child = spawn(pb.node, ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "--cpu-prof-interval=100", path.join(pb.dir, "fw", values.script)], {
      cwd: pb.dir,
      env: {
        ...process.env,
        PORT: String(port),
        STEPS: values.steps,
        RUNS: values.runs,
        WARMUP: "5",
        OPENAI_AGENTS_DISABLE_TRACING: "1",
        NODE_ENV: "production",
      },
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
const locate = (cf) => {
  const url = cf.url || "";
  const where = `${path.basename(url) || "(native)"}:${cf.lineNumber + 1}`;
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return { owner: m[1], where };
  if (url.includes("/fw/f-study-agent")) return { owner: "ours (src/agent, bundled)", where };
  if (url.includes("/fw/") || url.includes("harness.mjs")) return { owner: "bench script", where };
  return { owner: null, where };
};
const a = analyseProfile(prof, locate, { isOurs: (o) => o.startsWith("ours") });
console.log(`profile: ${path.relative(REPO, path.join(profDir, file))}; ${values.script}, ${values.steps} steps × ${values.runs} runs (+5 warm-up)`);
console.log(formatProfile(a, { top: Number(values.top) }));
