#!/usr/bin/env node
// Does a run fit the free plan's 10 ms of CPU per invocation (issue 17)? In workerd under `wrangler dev`,
// on the scripted model (zero latency): the CPU of a whole run (a run is one invocation of its Session
// object today: the loop runs every step inside it), and of a run of one model call on a warm session,
// the least an invocation that drives a single step would pay (it still reads the history, builds the
// tools and the prompt, calls the model once and stores the step). p50 and p99 over many runs. The CPU is
// the Worker process's, so it also holds the Worker's own part of the request (routing, the SSE stream):
// on Cloudflare that is another invocation, so these figures are an upper bound for the object's.
// wrangler's local observability is off (X_LOCAL_OBSERVABILITY=false, as for every bench Worker: see startWorker); the
// records before 2026-12-01 23:40 UTC had it on.
//
// Then the same run driven one step per invocation (RUN_STEPS_PER_INVOCATION=1: the object's alarm
// continues the run after each step). workerd's tail events carry no CPU time in the open-source runtime
// (cpuTime is 0 there; checked with a tail worker on workerd 1.20261102), so the process's CPU is cut
// in time instead: the model answers after STEPPED_LATENCY_MS, and the mock reads the process's CPU
// halfway through each wait, while the process is idle waiting for it. The CPU between two such reads
// is the work between two model calls: the end of one invocation (read the answer, run the tool, store
// the step, yield, set the alarm) and the start of the next (the alarm: load, build, send the request),
// i.e. one invocation's work, cut at its model call instead of at its edges. The first cut (POST → the
// first wait) holds the Worker's request, the object's invocation that queues the run (a new session's
// schema included) and the alarm's that starts step 1; a repeated POST measures the request's own part
// alone (see repeatedPost); the last (the last wait → the answer's end) the object's last invocation's
// end and the Worker's answer. With a stream the
// Worker's request lasts the whole run and relays each step's events inside the same cuts; without one
// (a JSON POST) it waits, idle, and the cuts between model calls are the object's alone.
//
//   ./node_modules/.bin/node bench/durable/free-plan.mjs [--runs 60] [--stepped-runs 40]   (or npm run bench -- --only freeplan;
//   --runs 0 measures the stepped mode only)
import { parseArgs } from "node:util";
import { machineInfo, machineLine } from "../lib/machine.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { roleCpuMs } from "../worker/run-worker.mjs";
import { cpuNs, startMock, startWorker, streamRun } from "../worker/lib.mjs";

const WORKER = "workerd (the Worker)";
export const FREE_PLAN_MS = 10;

const q = (xs) => ({
  n: xs.length,
  p50: round(median(xs), 2),
  p90: round(quantile(xs, 0.9), 2),
  p99: round(quantile(xs, 0.99), 2),
  max: round(Math.max(...xs), 2),
});

/** The model's latency in the stepped mode: it separates the invocations in time. */
const STEPPED_LATENCY_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A POST the object answers without starting a run: the repeat of an earlier request (same body and
 * Idempotency-Key) gets that run's result back. Its CPU is the request's own part, in the Worker (routing,
 * auth, zod, the object's stub) and in the object (its RPCs: the dedupe look-up, the run's view), i.e. the
 * request that starts a stepped run, less inserting the run and setting its alarm.
 */
async function repeatedPost(url, sessionId) {
  const post = async () => {
    const res = await fetch(`${url}/v1/sessions/${sessionId}/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `${sessionId}-key` },
      body: JSON.stringify({ input: `[[bench:${sessionId}.once:0:1]] Work it out with the calculator.`, stream: false }),
    });
    const body = await res.json();
    if (!res.ok || body.status !== "completed") throw new Error(`repeated POST: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return res.headers.get("idempotent-replayed");
  };
  await post();
  return async () => {
    if (!(await post())) throw new Error("repeated POST: not a replay");
  };
}

/** `runs` runs of `steps` tool steps, one step per invocation, with and without a stream (interleaved): CPU ms per cut (see above). */
async function runStepped({ runs, steps }) {
  const mock = await startMock({ MOCK_LATENCY_MS: String(STEPPED_LATENCY_MS) });
  const w = await startWorker(mock, { RUN_STEPS_PER_INVOCATION: "1" });
  try {
    const pid = w.processes().find((p) => p.role === WORKER).pid;
    await mock.watch(pid);
    let seen = 0;
    const cuts = async (sessionId, stream) => {
      const before = cpuNs(pid);
      const r = await streamRun(w.url, sessionId, { steps, stream });
      await sleep(50);
      const after = cpuNs(pid);
      if (r.error) throw new Error(`run failed: ${r.error}`);
      const log = await mock.log(seen);
      seen = Math.max(seen, ...log.map((e) => e.seq));
      const entries = log.filter((e) => e.key === r.key);
      const mids = entries.map((e) => e.cpuMidNs);
      const mainMids = entries.map((e) => e.mainCpuMidNs);
      if (mids.length !== steps + 1 || mids.some((m) => m == null)) throw new Error(`run ${r.key}: ${mids.length} model calls read, ${steps + 1} expected`);
      return {
        first: (mids[0] - before) / 1e6,
        between: mids.slice(1).map((m, i) => (m - mids[i]) / 1e6),
        betweenMain: mainMids.slice(1).map((m, i) => (m - mainMids[i]) / 1e6),
        last: (after - mids.at(-1)) / 1e6,
        total: (after - before) / 1e6,
      };
    };
    const idle0 = cpuNs(pid);
    await sleep(2000);
    const idleMsPerS = (cpuNs(pid) - idle0) / 1e6 / 2;
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 3; i++) {
      await cuts(`step-warm-${stamp}-${i}`, true);
      await cuts(`step-warm-json-${stamp}-${i}`, false);
    }
    const modes = { stream: [], json: [] };
    const repeat = await repeatedPost(w.url, `step-repeat-${stamp}`);
    const request = [];
    for (let i = 0; i < runs; i++) {
      modes.stream.push(await cuts(`step-${stamp}-${i}`, true));
      modes.json.push(await cuts(`step-json-${stamp}-${i}`, false));
      const before = cpuNs(pid);
      await repeat();
      await sleep(50);
      request.push((cpuNs(pid) - before) / 1e6);
    }
    const summary = (rs) => ({
      between: q(rs.flatMap((r) => r.between)),
      betweenMain: q(rs.flatMap((r) => r.betweenMain)),
      first: q(rs.map((r) => r.first)),
      last: q(rs.map((r) => r.last)),
      total: q(rs.map((r) => r.total)),
    });
    return {
      latencyMs: STEPPED_LATENCY_MS,
      runs,
      steps,
      idleMsPerS: round(idleMsPerS, 3),
      stream: summary(modes.stream),
      json: summary(modes.json),
      request: q(request),
      samples: { ...modes, request },
    };
  } finally {
    await w.stop();
    mock.stop();
  }
}

export async function runFreePlan({ runs = 60, steps = 10, steppedRuns = 40 } = {}) {
  const machine = machineInfo();
  const whole = runs ? await runWhole({ runs, steps }) : {};
  return { kind: "free-plan", machine, runs, steps, ...whole, stepped: await runStepped({ runs: steppedRuns, steps }) };
}

/** A whole run in one invocation, and a one-call run on a warm session, on the zero-latency model. */
async function runWhole({ runs, steps }) {
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
  if (!r.wholeRun) return steppedMarkdown(r.stepped).join("\n");
  return [
    `${r.runs} runs of each, interleaved, in workerd under \`wrangler dev\` (${machineLine(r.machine)}); CPU of the Worker's process (the Worker's and the Session object's part together).`,
    "",
    "| one invocation | CPU ms p50 / p90 / p99 / max | the free plan's 10 ms |",
    "|---|---:|---|",
    `| a whole run in one invocation (the default, \`RUN_STEPS_PER_INVOCATION=0\`): ${r.steps} calculate steps, ${r.steps + 1} model calls | ${fmt(r.wholeRun.p50, 1)} / ${fmt(r.wholeRun.p90, 1)} / ${fmt(r.wholeRun.p99, 1)} / ${fmt(r.wholeRun.max, 1)} | ${fits(r.wholeRun)} |`,
    `| a run of one model call on a warm session | ${fmt(r.oneCallRun.p50, 1)} / ${fmt(r.oneCallRun.p90, 1)} / ${fmt(r.oneCallRun.p99, 1)} / ${fmt(r.oneCallRun.max, 1)} | ${fits(r.oneCallRun)} |`,
    "",
    `A tool step on its own (the whole run less the one-call run, over ${r.steps} steps, p50): ${fmt(r.perStepP50, 2)} ms.`,
    "",
    ...(r.stepped ? steppedMarkdown(r.stepped) : []),
  ].join("\n");
}

function steppedMarkdown(s) {
  const cell = (x) => `${fmt(x.p50, 1)} / ${fmt(x.p90, 1)} / ${fmt(x.p99, 1)} / ${fmt(x.max, 1)}`;
  const fits = (x) => (x.p99 <= FREE_PLAN_MS ? "fits" : "does not fit");
  return [
    `**One step per invocation** (\`RUN_STEPS_PER_INVOCATION=1\`): ${s.runs} runs of ${s.steps} steps each way, with a stream and without (a JSON POST), interleaved; the model answers after ${s.latencyMs} ms and the process's CPU is cut halfway through each wait (the process idles then at ${fmt(s.idleMsPerS, 2)} ms of CPU a second).`,
    "",
    "| cut of the Worker process's CPU | with a stream: ms p50 / p90 / p99 / max | without: ms p50 / p90 / p99 / max | the free plan's 10 ms (p99, without / with) |",
    "|---|---:|---:|---|",
    `| between two model calls (${s.runs * s.steps} each): one invocation's end and the next one's start, the object's work of one step | ${cell(s.stream.between)} | ${cell(s.json.between)} | ${fits(s.json.between)} / ${fits(s.stream.between)} |`,
    ...(s.json.betweenMain
      ? [
          `| the same, workerd's main thread alone (the isolate's JavaScript, without V8's collector and compiler threads) | ${cell(s.stream.betweenMain)} | ${cell(s.json.betweenMain)} | ${fits(s.json.betweenMain)} / ${fits(s.stream.betweenMain)} |`,
        ]
      : []),
    `| POST → the first model call: the request (the Worker's, and the object's queuing the run in a new session) and the alarm's start of step 1, two invocations | ${cell(s.stream.first)} | ${cell(s.json.first)} | ${fits(s.json.first)} / ${fits(s.stream.first)} |`,
    `| the last model call → the answer's end: the object's last invocation's end and the Worker's answer | ${cell(s.stream.last)} | ${cell(s.json.last)} | ${fits(s.json.last)} / ${fits(s.stream.last)} |`,
    `| the whole run, all its invocations together | ${cell(s.stream.total)} | ${cell(s.json.total)} | — |`,
    ...(s.request
      ? [
          `| a repeated POST (same body and Idempotency-Key; ${s.request.n}, interleaved): the request's own part, the Worker's and the object's RPCs, without starting a run | — | ${cell(s.request)} | ${fits(s.request)} |`,
        ]
      : []),
    "",
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "60" }, "stepped-runs": { type: "string", default: "40" } } });
  process.stdout.write(freePlanMarkdown(await runFreePlan({ runs: Number(values.runs), steppedRuns: Number(values["stepped-runs"]) })));
}
