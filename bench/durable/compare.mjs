#!/usr/bin/env node
// Per-step CPU of a durable agent loop in workerd, side by side in one run (issue 17): the bare durable
// openai loop (bench/durable/bare.worker.ts: a Worker and a SQLite Durable Object writing each message)
// and this product (streaming, trace, todos, context manager on), on the same scripted model (zero
// latency) and the same one-tool task of N calculate steps. CPU is the Worker process's (all threads)
// per run, divided by the run's model calls.
//
//   ./node_modules/.bin/node bench/durable/compare.mjs [--steps 10] [--runs 20]   (or npm run bench -- --only durable)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO } from "../lib/peer-bench.mjs";
import { fmt } from "../lib/stats.mjs";
import { cpu } from "../worker/run-worker.mjs";
import { startMock, startWorker } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
const PEERS = {
  "bare durable openai loop": "bench/durable/wrangler.bare.toml",
  "Agents SDK AIChatAgent": "bench/durable/aichat/wrangler.toml",
  "this product": undefined,
};

/** The AIChatAgent peer's packages live in its own folder (its lock file), never in the project's package.json. */
function installPeer() {
  const dir = path.join(REPO, "bench/durable/aichat");
  if (!existsSync(path.join(dir, "node_modules/@cloudflare/ai-chat"))) execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
}

export async function runDurableCompare({ steps = 10, runs = 20 } = {}) {
  installPeer();
  const mock = await startMock();
  const rows = {};
  try {
    for (const [name, config] of Object.entries(PEERS)) {
      await mock.reset();
      const w = await startWorker(mock, {}, config);
      try {
        const c = await cpu(w, mock, { steps, cpuRuns: runs });
        // Proof each peer really ran the tool loop: the model calls the scripted model saw per measured run.
        const seen = (await mock.log()).filter((e) => e.key?.startsWith("cpu-") && !e.key.startsWith("cpu-warmup")).length / runs;
        const perRun = c.cpu_ms_per_run[WORKER];
        rows[name] = {
          errors: c.errors,
          modelCalls: c.model_calls_per_run,
          modelCallsSeen: seen,
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
    "| Worker | errors | model calls seen per run | CPU ms per run p50 / p90 | CPU ms per model call p50 / p90 | × bare |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const [name, x] of Object.entries(r.rows))
    L.push(
      `| ${name} | ${x.errors} | ${fmt(x.modelCallsSeen, 1)} | ${fmt(x.perRun.p50, 1)} / ${fmt(x.perRun.p90, 1)} | ${fmt(x.perStepP50, 2)} / ${fmt(x.perStepP90, 2)} | ${fmt(x.perStepP50 / bare.perStepP50, 2)} |`,
    );
  const ours = r.rows["this product"].perStepP50;
  const aichat = r.rows["Agents SDK AIChatAgent"].perStepP50;
  L.push(
    "",
    `Goals per model call: ≤ 1.5× the bare durable loop, ${ours / bare.perStepP50 <= 1.5 ? "met" : "not met"} (${fmt(ours / bare.perStepP50, 2)}×); ≤ 0.5× AIChatAgent, ${ours / aichat <= 0.5 ? "met" : "not met"} (${fmt(ours / aichat, 2)}×).`,
    "",
  );
  return L.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { steps: { type: "string", default: "10" }, runs: { type: "string", default: "20" } } });
  process.stdout.write(durableMarkdown(await runDurableCompare({ steps: Number(values.steps), runs: Number(values.runs) })));
}
