#!/usr/bin/env node
// Per-step CPU of a durable agent loop in workerd, side by side in one run (issue 17): the bare durable
// openai loop (bench/durable/bare.worker.ts: a Worker and a SQLite Durable Object writing each message)
// and this product (streaming, trace, todos, context manager on), on the same scripted model (zero
// latency) and the same one-tool task of N calculate steps. CPU is the Worker process's (all threads)
// per run, divided by the run's model calls.
//
//   ./node_modules/.bin/node bench/durable/compare.mjs [--steps 10] [--runs 20]   (or npm run bench -- --only durable)
import { parseArgs } from "node:util";
import { fmt } from "../lib/stats.mjs";
import { cpu } from "../worker/run-worker.mjs";
import { startMock, startWorker } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
const PEERS = { "bare durable openai loop": "bench/durable/wrangler.bare.toml", "this product": undefined };

export async function runDurableCompare({ steps = 10, runs = 20 } = {}) {
  const mock = await startMock();
  const rows = {};
  try {
    for (const [name, config] of Object.entries(PEERS)) {
      const w = await startWorker(mock, {}, config);
      try {
        const c = await cpu(w, mock, { steps, cpuRuns: runs });
        const perRun = c.cpu_ms_per_run[WORKER];
        rows[name] = {
          errors: c.errors,
          modelCalls: c.model_calls_per_run,
          perRun,
          perStepP50: perRun.p50 / c.model_calls_per_run,
          perStepP90: perRun.p90 / c.model_calls_per_run,
        };
      } finally {
        await w.stop();
      }
    }
  } finally {
    mock.stop();
  }
  return { steps, runs, rows };
}

export function durableMarkdown(r) {
  const bare = r.rows["bare durable openai loop"];
  const L = [
    `${r.runs} runs of ${r.steps} calculate steps each (${r.steps + 1} model calls), streamed, in workerd under \`wrangler dev\`; CPU of the Worker's process per model call.`,
    "",
    "| Worker | errors | CPU ms per run p50 / p90 | CPU ms per model call p50 / p90 | × bare |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const [name, x] of Object.entries(r.rows))
    L.push(
      `| ${name} | ${x.errors} | ${fmt(x.perRun.p50, 1)} / ${fmt(x.perRun.p90, 1)} | ${fmt(x.perStepP50, 2)} / ${fmt(x.perStepP90, 2)} | ${fmt(x.perStepP50 / bare.perStepP50, 2)} |`,
    );
  const ratio = r.rows["this product"].perStepP50 / bare.perStepP50;
  L.push("", `Goal ≤ 1.5× the bare durable loop per model call: ${ratio <= 1.5 ? "met" : "not met"} (${fmt(ratio, 2)}×).`, "");
  return L.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { steps: { type: "string", default: "10" }, runs: { type: "string", default: "20" } } });
  process.stdout.write(durableMarkdown(await runDurableCompare({ steps: Number(values.steps), runs: Number(values.runs) })));
}
