#!/usr/bin/env node
// Per-step CPU of a durable agent loop in workerd, side by side in one run (issue 17): the bare durable
// openai loop (bench/durable/bare.worker.ts: a Worker and a SQLite Durable Object writing each message),
// Cloudflare's AIChatAgent, and this product (streaming, trace, todos, context manager on), on the same
// scripted model (zero latency) and the same one-tool task of N calculate steps. CPU is the Worker
// process's (all threads) per run, divided by the run's model calls.
//
// The three Workers run at the same time and the runs are interleaved (round r runs each peer once, in
// a rotating order), so a change in the machine's load falls on all three alike: the ratios are the
// medians of each round's own ratios, the figure that stays put on a shared machine.
//
//   ./node_modules/.bin/node bench/durable/compare.mjs [--steps 10] [--runs 20] [--trial] [--same-session]   (or npm run bench -- --only durable)
//   (--trial: the bare loop and ours only; --same-session: each peer's measured runs in one session, its history growing)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO } from "../lib/peer-bench.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { roleCpuMs } from "../worker/run-worker.mjs";
import { startMock, startWorker, streamRun } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
export const BARE = "bare durable openai loop";
export const AICHAT = "Agents SDK AIChatAgent";
export const OURS = "this product";
const PEERS = { [BARE]: "bench/durable/wrangler.bare.toml", [AICHAT]: "bench/durable/aichat/wrangler.toml", [OURS]: undefined };

/** The AIChatAgent peer's packages live in its own folder (its lock file), never in the project's package.json. */
function installPeer() {
  const dir = path.join(REPO, "bench/durable/aichat");
  if (!existsSync(path.join(dir, "node_modules/@cloudflare/ai-chat"))) execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
}

const q = (xs) => ({ n: xs.length, p50: round(median(xs), 3), p90: round(quantile(xs, 0.9), 3), p99: round(quantile(xs, 0.99), 3) });

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

/**
 * The work the runs left behind (alarms, outbox passes, retention sweeps, anything a finished run
 * schedules): each Worker's CPU over `settleMs` after the last round, less its idle CPU over `idleMs`
 * measured right after (scaled to the same length), divided by every run it served. The watchdog's
 * alarm fired WATCHDOG_MS (30 s) after a run started, so 45 s holds all of it.
 */
async function leftBehind(names, procs, totalRuns, { settleMs, idleMs }) {
  const cpu = () => Object.fromEntries(names.map((n) => [n, roleCpuMs(procs[n])[WORKER]]));
  const a = cpu();
  await sleep(settleMs);
  const b = cpu();
  await sleep(idleMs);
  const c = cpu();
  return Object.fromEntries(
    names.map((n) => {
      const settle = b[n] - a[n];
      const idle = ((c[n] - b[n]) * settleMs) / idleMs;
      return [
        n,
        {
          settleMs,
          idleMs,
          settleCpuMs: round(settle, 2),
          idleCpuMs: round(idle, 2),
          runs: totalRuns,
          perRunMs: round(Math.max(0, settle - idle) / totalRuns, 3),
        },
      ];
    }),
  );
}

/** `only` leaves peers out (a trial of one change against the bare loop); a record has all three. */
/** `sameSession`: every measured run of a peer in one session, so the history grows run by run (a long conversation). */
export async function runDurableCompare({
  steps = 10,
  runs = 20,
  warmup = 3,
  only = Object.keys(PEERS),
  settleMs = 45_000,
  idleMs = 10_000,
  sameSession = false,
} = {}) {
  const names = Object.keys(PEERS).filter((n) => only.includes(n));
  if (names.includes(AICHAT)) installPeer();
  const mock = await startMock();
  const workers = {};
  try {
    for (const name of names) workers[name] = await startWorker(mock, {}, PEERS[name]);
    const procs = Object.fromEntries(names.map((n) => [n, workers[n].processes()]));
    const stamp = Date.now().toString(36);
    for (const [k, name] of names.entries()) for (let i = 0; i < warmup; i++) await streamRun(workers[name].url, `warm-${k}-${i}-${stamp}`, { steps });
    await mock.reset();
    const samples = Object.fromEntries(names.map((n) => [n, { cpu: [], errors: 0 }]));
    for (let r = 0; r < runs; r++) {
      // A rotating order, so no peer always runs right after another's garbage.
      for (let j = 0; j < names.length; j++) {
        const k = (r + j) % names.length;
        const name = names[k];
        const before = roleCpuMs(procs[name])[WORKER];
        const run = await streamRun(workers[name].url, sameSession ? `cpu-${k}-${stamp}` : `cpu-${k}-${r}-${stamp}`, { steps });
        // Let the Durable Object finish its last writes and the stream close before reading the counter.
        await new Promise((res) => setTimeout(res, 50));
        samples[name].cpu.push(roleCpuMs(procs[name])[WORKER] - before);
        if (run.error) samples[name].errors++;
      }
    }
    const deferred = settleMs ? await leftBehind(names, procs, runs + warmup, { settleMs, idleMs }) : undefined;
    const log = await mock.log();
    const calls = steps + 1;
    const rows = {};
    for (const [k, name] of names.entries()) {
      const perRun = q(samples[name].cpu);
      rows[name] = {
        errors: samples[name].errors,
        modelCalls: calls,
        // Proof each peer really ran the tool loop: the model calls the scripted model saw per measured run.
        modelCallsSeen: log.filter((e) => e.key?.startsWith(`cpu-${k}-`)).length / runs,
        perRun,
        perStepP50: perRun.p50 / calls,
        perStepP90: perRun.p90 / calls,
        cpuMsPerRun: samples[name].cpu.map((x) => round(x, 3)),
        ...(deferred ? { deferred: deferred[name] } : {}),
      };
    }
    const ratio = (a, b) => {
      const per = samples[a].cpu.map((x, i) => x / samples[b].cpu[i]);
      return { perRoundMedian: round(median(per), 3), perRoundP25: round(quantile(per, 0.25), 3), perRoundP75: round(quantile(per, 0.75), 3) };
    };
    // Counting what each left behind: (a run's CPU p50 + its deferred work) over the peer's same.
    const withDeferred = (a, b) => deferred && round((rows[a].perRun.p50 + deferred[a].perRunMs) / (rows[b].perRun.p50 + deferred[b].perRunMs), 3);
    const ratios = {
      oursXBare: { ...ratio(OURS, BARE), withDeferred: withDeferred(OURS, BARE) },
      ...(rows[AICHAT] ? { oursXAichat: { ...ratio(OURS, AICHAT), withDeferred: withDeferred(OURS, AICHAT) } } : {}),
    };
    return { steps, runs, interleaved: true, rows, ratios };
  } finally {
    for (const w of Object.values(workers)) await w.stop();
    mock.stop();
  }
}

/** Ours over a peer per model call: the per-round median when the record has it (interleaved runs), else the ratio of medians. */
export function durableRatios(r) {
  const ours = r.rows[OURS].perStepP50;
  return {
    oursXBare: r.ratios?.oursXBare.perRoundMedian ?? ours / r.rows[BARE].perStepP50,
    oursXAichat: r.ratios?.oursXAichat.perRoundMedian ?? ours / r.rows[AICHAT].perStepP50,
  };
}

export function durableMarkdown(r) {
  const bare = r.rows[BARE];
  const L = [
    `${r.runs} rounds of ${r.steps} calculate steps each (${r.steps + 1} model calls), streamed, in workerd under \`wrangler dev\`; the three Workers run side by side and each round runs each once; CPU of the Worker's process per model call.`,
    "",
    "| Worker | errors | model calls seen per run | CPU ms per run p50 / p90 | CPU ms per model call p50 / p90 | × bare (ratio of medians) | left behind, CPU ms per run |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [name, x] of Object.entries(r.rows))
    L.push(
      `| ${name} | ${x.errors} | ${fmt(x.modelCallsSeen, 1)} | ${fmt(x.perRun.p50, 1)} / ${fmt(x.perRun.p90, 1)} | ${fmt(x.perStepP50, 2)} / ${fmt(x.perStepP90, 2)} | ${fmt(x.perStepP50 / bare.perStepP50, 2)} | ${x.deferred ? fmt(x.deferred.perRunMs, 2) : "-"} |`,
    );
  const { oursXBare, oursXAichat } = durableRatios(r);
  const spread = (x) => (x ? ` (rounds' p25–p75 ${fmt(x.perRoundP25, 2)}–${fmt(x.perRoundP75, 2)})` : "");
  const d = r.rows[OURS].deferred;
  L.push(
    "",
    `Goals per model call (median of the rounds' ratios): ≤ 1.5× the bare durable loop, ${oursXBare <= 1.5 ? "met" : "not met"} (${fmt(oursXBare, 2)}×${spread(r.ratios?.oursXBare)}); ≤ 0.5× AIChatAgent, ${oursXAichat <= 0.5 ? "met" : "not met"} (${fmt(oursXAichat, 2)}×${spread(r.ratios?.oursXAichat)}).`,
    ...(d
      ? [
          "",
          `Left behind: each Worker's CPU over the ${d.settleMs / 1000} s after the last round, less its idle CPU (the ${d.idleMs / 1000} s after that, scaled), over the ${d.runs} runs it served. Counting it (run p50 + left behind): ours ÷ bare ${fmt(r.ratios.oursXBare.withDeferred, 2)}× (goal ≤ 1.3), ours ÷ AIChatAgent ${r.ratios.oursXAichat ? fmt(r.ratios.oursXAichat.withDeferred, 2) : "-"}× (goal ≤ 0.25).`,
        ]
      : []),
    "",
  );
  return L.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      steps: { type: "string", default: "10" },
      runs: { type: "string", default: "20" },
      trial: { type: "boolean" },
      settle: { type: "string", default: "45000" },
      "same-session": { type: "boolean" },
    },
  });
  // --trial: the bare loop and this product only, to try a change.
  const only = values.trial ? [BARE, OURS] : undefined;
  const r = await runDurableCompare({
    steps: Number(values.steps),
    runs: Number(values.runs),
    only,
    settleMs: Number(values.settle),
    sameSession: values["same-session"],
  });
  process.stdout.write(
    values.trial
      ? `ours/bare per round: median ${r.ratios.oursXBare.perRoundMedian} (p25–p75 ${r.ratios.oursXBare.perRoundP25}–${r.ratios.oursXBare.perRoundP75}); CPU ms per run p50: bare ${r.rows[BARE].perRun.p50}, ours ${r.rows[OURS].perRun.p50}; left behind per run: bare ${r.rows[BARE].deferred?.perRunMs}, ours ${r.rows[OURS].deferred?.perRunMs}\n`
      : durableMarkdown(r),
  );
}
