#!/usr/bin/env node
// Does a run fit the free plan's 10 ms of CPU per invocation (issue 17)? In workerd under `wrangler dev`,
// on the scripted model (zero latency): the CPU of a whole run (a run is one invocation of its Session
// object today: the loop runs every step inside it), and of a run of one model call on a warm session,
// the least an invocation that drives a single step would pay (it still reads the history, builds the
// tools and the prompt, calls the model once and stores the step). p50 and p99 over many runs. The CPU is
// the Worker process's, so it also holds the Worker's own part of the request (routing, the SSE stream):
// on Cloudflare that is another invocation, so these figures are an upper bound for the object's.
//
//   ./node_modules/.bin/node bench/durable/free-plan.mjs [--runs 60]   (or npm run bench -- --only freeplan)
import { parseArgs } from "node:util";
import { machineInfo, machineLine } from "../lib/machine.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { roleCpuMs } from "../worker/run-worker.mjs";
import { startMock, startWorker, streamRun } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
export const FREE_PLAN_MS = 10;

const q = (xs) => ({
  n: xs.length,
  p50: round(median(xs), 2),
  p90: round(quantile(xs, 0.9), 2),
  p99: round(quantile(xs, 0.99), 2),
  max: round(Math.max(...xs), 2),
});

export async function runFreePlan({ runs = 60, steps = 10 } = {}) {
  const machine = machineInfo();
  const mock = await startMock();
  const w = await startWorker(mock);
  try {
    const procs = w.processes();
    const stamp = Date.now().toString(36);
    const timed = async (sessionId, s) => {
      const before = roleCpuMs(procs)[WORKER];
      const r = await streamRun(w.url, sessionId, { steps: s });
      await new Promise((res) => setTimeout(res, 50));
      if (r.error) throw new Error(`run failed: ${r.error}`);
      return roleCpuMs(procs)[WORKER] - before;
    };
    for (let i = 0; i < 3; i++) await timed(`free-warm-${stamp}-${i}`, steps);
    await timed(`free-one-${stamp}`, 0);
    const whole = [];
    const oneCall = [];
    // Interleaved, so the machine's load falls on both alike.
    for (let i = 0; i < runs; i++) {
      whole.push(await timed(`free-${stamp}-${i}`, steps));
      oneCall.push(await timed(`free-one-${stamp}`, 0));
    }
    return {
      kind: "free-plan",
      machine,
      runs,
      steps,
      wholeRun: q(whole),
      oneCallRun: q(oneCall),
      perStepP50: round((median(whole) - median(oneCall)) / steps, 2),
      samples: { whole, oneCall },
    };
  } finally {
    await w.stop();
    mock.stop();
  }
}

export function freePlanMarkdown(r) {
  const fits = (x) => (x.p99 <= FREE_PLAN_MS ? "fits" : "does not fit");
  return [
    `${r.runs} runs of each, interleaved, in workerd under \`wrangler dev\` (${machineLine(r.machine)}); CPU of the Worker's process (the Worker's and the Session object's part together).`,
    "",
    "| one invocation | CPU ms p50 / p90 / p99 / max | the free plan's 10 ms |",
    "|---|---:|---|",
    `| a whole run: ${r.steps} calculate steps, ${r.steps + 1} model calls (today: a run is one invocation) | ${fmt(r.wholeRun.p50, 1)} / ${fmt(r.wholeRun.p90, 1)} / ${fmt(r.wholeRun.p99, 1)} / ${fmt(r.wholeRun.max, 1)} | ${fits(r.wholeRun)} |`,
    `| a run of one model call on a warm session (the least a step-per-invocation design pays each time) | ${fmt(r.oneCallRun.p50, 1)} / ${fmt(r.oneCallRun.p90, 1)} / ${fmt(r.oneCallRun.p99, 1)} / ${fmt(r.oneCallRun.max, 1)} | ${fits(r.oneCallRun)} |`,
    "",
    `A tool step on its own (the whole run less the one-call run, over ${r.steps} steps, p50): ${fmt(r.perStepP50, 2)} ms.`,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "60" } } });
  process.stdout.write(freePlanMarkdown(await runFreePlan({ runs: Number(values.runs) })));
}
