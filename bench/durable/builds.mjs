#!/usr/bin/env node
// Two builds of this product side by side: this checkout and another (a git worktree of an earlier
// commit), each under its own `wrangler dev`, on one scripted model, the same streamed runs of N
// calculate steps in fresh sessions, interleaved round by round (each round runs both, in a rotating
// order), so the machine's load falls on both alike. Prints the median of each round's ratio: the figure
// for "did this change cost or save CPU", which an absolute bench cannot tell apart from the load.
//
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules && npm run build:assets --prefix /tmp/base
//   ./node_modules/.bin/node bench/durable/builds.mjs --base /tmp/base [--runs 40] [--steps 10] [--steps-per-invocation 1] [--fetch-url URL]
//   (--fetch-url: each run is one fetch_webpage call of URL and an answer, the page-trip bench's run; private addresses allowed)
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "../lib/stats.mjs";
import { roleCpuMs } from "../worker/run-worker.mjs";
import { startMock, startWorker, streamRun } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
const { values } = parseArgs({
  options: {
    base: { type: "string" },
    runs: { type: "string", default: "40" },
    steps: { type: "string", default: "10" },
    "steps-per-invocation": { type: "string", default: "0" },
    "fetch-url": { type: "string" },
  },
});
if (!values.base) throw new Error("--base <checkout of the other build> is required");
const fetchUrl = values["fetch-url"];
const steps = fetchUrl ? 1 : Number(values.steps);
const vars = { RUN_STEPS_PER_INVOCATION: values["steps-per-invocation"], ...(fetchUrl ? { ALLOW_PRIVATE_FETCH: "true" } : {}) };

const mock = await startMock();
const builds = { base: path.resolve(values.base, "wrangler.toml"), this: undefined };
const names = Object.keys(builds);
const workers = {};
for (const n of names) workers[n] = await startWorker(mock, vars, builds[n]);
try {
  const procs = Object.fromEntries(names.map((n) => [n, workers[n].processes()]));
  const stamp = Date.now().toString(36);
  for (const n of names) for (let i = 0; i < 3; i++) await streamRun(workers[n].url, `warm-${n}-${i}-${stamp}`, { steps, fetchUrl });
  const cpu = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < Number(values.runs); r++) {
    for (let j = 0; j < names.length; j++) {
      const n = names[(r + j) % names.length];
      const before = roleCpuMs(procs[n])[WORKER];
      const run = await streamRun(workers[n].url, `cpu-${n}-${r}-${stamp}`, { steps, fetchUrl });
      if (run.error) throw new Error(`${n}: ${run.error}`);
      // The object's last writes and the stream's close, before the counter is read.
      await new Promise((res) => setTimeout(res, 50));
      cpu[n].push(roleCpuMs(procs[n])[WORKER] - before);
    }
  }
  const ratio = median(cpu.this.map((x, i) => x / cpu.base[i]));
  console.log(
    `CPU ms per run, p50: base ${median(cpu.base).toFixed(1)}, this ${median(cpu.this).toFixed(1)}; this ÷ base ${ratio.toFixed(3)} (median of ${values.runs} rounds' ratios)`,
  );
} finally {
  for (const n of names) await workers[n].stop?.();
  mock.stop();
}
