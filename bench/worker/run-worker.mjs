// The Worker itself under `wrangler dev` (workerd, local Durable Objects with SQLite) against the
// scripted model of mock-model.mjs: cold start, concurrent sessions, CPU per run, history length.
//
//   node bench/worker/run-worker.mjs [--phases cold,load,cpu,history] [--concurrency 1,8,32] [--steps 10]
//        [--min-runs 24] [--cpu-runs 20] [--history 1,100,1000,10000,50000] [--repeat 5] [--cold-starts 3]
//
// Writes bench/results/worker-<stamp>.json and bench/results/worker.md.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { busyMeter, machineInfo, machineLine } from "../lib/machine.mjs";
import { packageVersion, REPO } from "../lib/peer-bench.mjs";
import { saveRecord } from "../lib/results.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { clock, cpuNs, gapsOf, startMock, startWorker, streamRun } from "./lib.mjs";

const q = (xs) =>
  xs.length
    ? { n: xs.length, p50: round(median(xs), 2), p90: round(quantile(xs, 0.9), 2), p99: round(quantile(xs, 0.99), 2), max: round(Math.max(...xs), 2) }
    : { n: 0 };
const log = (s) => process.stderr.write(`[worker-bench] ${s}\n`);

async function cold(mock, { coldStarts }) {
  const rows = [];
  for (let i = 0; i < coldStarts; i++) {
    await mock.reset();
    const w = await startWorker(mock);
    try {
      const first = await streamRun(w.url, `cold-${i}-a`, { steps: 1 }); // new Durable Object, first run since start
      const newDo = await streamRun(w.url, `cold-${i}-b`, { steps: 1 }); // another new Durable Object, warm isolate
      const warm = await streamRun(w.url, `cold-${i}-a`, { steps: 1 }); // the first object again, warm
      const l = await mock.log();
      const row = { spawnToReadyMs: round(w.spawnToReadyMs, 1) };
      for (const [name, r] of Object.entries({ first, newDo, warm })) {
        const g = gapsOf(r, l);
        row[name] = { error: r.error, firstByteMs: round(g.firstByte, 2), firstModelRequestMs: round(g.first, 2), totalMs: round(g.total, 2) };
      }
      rows.push(row);
      log(
        `cold ${i}: ready ${row.spawnToReadyMs} ms; first run first byte ${row.first.firstByteMs} ms, new DO ${row.newDo.firstByteMs} ms, warm ${row.warm.firstByteMs} ms`,
      );
    } finally {
      await w.stop();
    }
  }
  const pick = (k, f) => rows.map((r) => r[k][f]).filter((x) => x != null);
  return {
    rows,
    summary: {
      spawnToReadyMs: q(rows.map((r) => r.spawnToReadyMs)),
      firstRunFirstByteMs: q(pick("first", "firstByteMs")),
      firstRunFirstModelRequestMs: q(pick("first", "firstModelRequestMs")),
      newDoFirstByteMs: q(pick("newDo", "firstByteMs")),
      newDoFirstModelRequestMs: q(pick("newDo", "firstModelRequestMs")),
      warmFirstByteMs: q(pick("warm", "firstByteMs")),
      warmFirstModelRequestMs: q(pick("warm", "firstModelRequestMs")),
      errors: rows.flatMap((r) => [r.first, r.newDo, r.warm]).filter((x) => x.error).length,
    },
  };
}

async function load(w, mock, { concurrency, steps, minRuns }) {
  for (let i = 0; i < 3; i++) await streamRun(w.url, `load-warmup-${i}`, { steps });
  const procs = w.processes();
  const out = [];
  for (const n of concurrency) {
    const waves = Math.max(2, Math.ceil(minRuns / n));
    await mock.reset();
    const cpu0 = roleCpuMs(procs);
    const meter = busyMeter();
    const t0 = clock();
    const runs = [];
    for (let wave = 0; wave < waves; wave++) {
      runs.push(...(await Promise.all(Array.from({ length: n }, (_, k) => streamRun(w.url, `load-${n}-${wave}-${k}-${Date.now().toString(36)}`, { steps })))));
    }
    const wall = clock() - t0;
    const busy = meter.stop();
    const l = await mock.log();
    const gaps = runs.map((r) => gapsOf(r, l));
    const requests = gaps.reduce((a, g) => a + g.requests, 0);
    const cpu1 = roleCpuMs(procs);
    const cpuMs = Object.fromEntries(Object.keys(cpu1).map((role) => [role, cpu1[role] - cpu0[role]]));
    const row = {
      sessions: n,
      waves,
      runs: runs.length,
      steps_per_run: steps,
      errors: runs.filter((r) => r.error).length,
      error_samples: [...new Set(runs.filter((r) => r.error).map((r) => r.error))].slice(0, 3),
      wall_s: round(wall / 1000, 2),
      model_requests: requests,
      model_requests_per_s: round(requests / (wall / 1000), 1),
      runs_per_s: round(runs.length / (wall / 1000), 2),
      between_ms: q(gaps.flatMap((g) => g.between ?? [])),
      first_ms: q(gaps.map((g) => g.first).filter((x) => x != null)),
      last_ms: q(gaps.map((g) => g.last).filter((x) => x != null)),
      run_ms: q(gaps.map((g) => g.total).filter((x) => x != null)),
      cpu_ms_per_run: Object.fromEntries(Object.entries(cpuMs).map(([k, v]) => [k, round(v / runs.length, 2)])),
      busy,
    };
    out.push(row);
    log(
      `load ${n} sessions × ${steps} steps (${waves} waves): ${row.model_requests_per_s} model calls/s, between-steps p50 ${row.between_ms.p50} ms p99 ${row.between_ms.p99} ms, errors ${row.errors}`,
    );
  }
  return out;
}

/** CPU ms so far of the dev processes, summed by role (wrangler runs several Node helpers). */
export function roleCpuMs(procs) {
  const out = {};
  for (const p of procs) out[p.role] = (out[p.role] ?? 0) + cpuNs(p.pid) / 1e6;
  return out;
}

export async function cpu(w, mock, { steps, cpuRuns }) {
  const procs = w.processes();
  for (let i = 0; i < 3; i++) await streamRun(w.url, `cpu-warmup-${i}-${Date.now().toString(36)}`, { steps });
  const samples = Object.fromEntries(procs.map((p) => [p.role, []]));
  const runs = [];
  for (let i = 0; i < cpuRuns; i++) {
    const before = roleCpuMs(procs);
    const r = await streamRun(w.url, `cpu-${i}-${Date.now().toString(36)}`, { steps });
    // Let the Durable Object finish its last writes and the stream close before reading the counters.
    await new Promise((res) => setTimeout(res, 50));
    const after = roleCpuMs(procs);
    for (const role of Object.keys(samples)) samples[role].push(after[role] - before[role]);
    runs.push(r);
  }
  const l = await mock.log();
  return {
    steps_per_run: steps,
    model_calls_per_run: steps + 1,
    runs: cpuRuns,
    errors: runs.filter((r) => r.error).length,
    processes: procs.map((p) => p.role),
    cpu_ms_per_run: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, q(v)])),
    run_ms: q(runs.map((r) => gapsOf(r, l).total)),
  };
}

/** GET of the whole session, of its newest 100 messages (`?limit=100`), and the whole trace paged 1,000 events at a time (ms wall, p50 / p99 over `repeat`). */
async function readSession(url, sessionId, repeat) {
  const base = `${url}/v1/sessions/${encodeURIComponent(sessionId)}`;
  const timed = async (path) => {
    const t0 = clock();
    const res = await fetch(`${base}${path}`);
    const body = await res.json();
    return { ms: clock() - t0, body };
  };
  const getSession = [];
  const getPage = [];
  const pageMs = [];
  let traceEvents = 0;
  for (let i = 0; i < repeat; i++) getSession.push((await timed("")).ms);
  for (let i = 0; i < repeat; i++) getPage.push((await timed("?limit=100")).ms);
  for (let after = 0; ;) {
    const { ms, body } = await timed(`/events?after=${after}&limit=1000`);
    pageMs.push(ms);
    const events = body.events ?? [];
    traceEvents += events.length;
    if (events.length < 1000) break;
    after = events.at(-1).seq;
  }
  return { get_session_ms: q(getSession), get_session_page_ms: q(getPage), trace_events: traceEvents, trace_page_ms: q(pageMs) };
}

async function history(w, mock, { sizes, repeat }) {
  const out = [];
  const measure = async (sessionFor, label, size) => {
    await mock.reset();
    const runs = [];
    for (let i = 0; i < repeat; i++) runs.push(await streamRun(w.url, sessionFor(i), { steps: 1 }));
    const l = await mock.log();
    const gaps = runs.map((r) => gapsOf(r, l));
    const reads = await readSession(w.url, sessionFor(0), repeat);
    const row = {
      messages_in_session: size,
      label,
      errors: runs.filter((r) => r.error).length,
      load_and_build_ms: q(gaps.map((g) => g.first)),
      next_request_ms: q(gaps.flatMap((g) => g.between ?? [])),
      run_ms: q(gaps.map((g) => g.total)),
      model_saw_messages: gaps[0]?.messagesFirst,
      request_kib: round((gaps[0]?.bytesFirst ?? 0) / 1024, 1),
      other_model_calls: l.filter((e) => e.key === null).length,
      ...reads,
    };
    out.push(row);
    log(
      `history ${size}: load+build p50 ${row.load_and_build_ms.p50} ms, next request p50 ${row.next_request_ms.p50} ms; the model saw ${row.model_saw_messages} messages (${row.request_kib} KiB)`,
    );
  };
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 2; i++) await streamRun(w.url, `hist-${stamp}-warmup`, { steps: 1 });
  let count = 0;
  const session = `hist-${stamp}`;
  const fill = { runs: 0, summaryCalls: 0 };
  for (const size of sizes) {
    if (size <= 1) {
      await measure((i) => `hist-${stamp}-fresh-${i}`, "fresh session", 1);
      continue;
    }
    // Fill: runs whose steps each ask for many parallel calculations (2 + steps × (1 + parallel) messages a run).
    await mock.reset();
    while (size - count >= 4) {
      const remaining = size - count;
      const shape = remaining >= 202 ? { steps: 4, parallel: 49 } : { steps: 1, parallel: remaining - 3 };
      const r = await streamRun(w.url, session, shape);
      if (r.error) throw new Error(`filling the session failed: ${r.error}`);
      count += 2 + shape.steps * (1 + shape.parallel);
      fill.runs++;
    }
    fill.summaryCalls += (await mock.log()).filter((e) => e.key === null).length;
    await measure(() => session, `pre-filled session (${fill.runs} fill runs, ${fill.summaryCalls} compaction calls so far)`, count);
    count += 4 * repeat;
  }
  return out;
}

export async function runWorker(opts) {
  const phases = (opts.phases ?? "cold,load,cpu,history").split(",");
  const machine = machineInfo();
  const meter = busyMeter();
  const mock = await startMock();
  const record = {
    kind: "worker",
    machine,
    versions: Object.fromEntries(["wrangler", "miniflare", "openai", "zod", "hono"].map((p) => [p, packageVersion(REPO, p)])),
    options: opts,
  };
  try {
    if (phases.includes("cold")) record.cold = await cold(mock, { coldStarts: Number(opts["cold-starts"] ?? 3) });
    if (phases.some((p) => ["load", "cpu", "history"].includes(p))) {
      // The trace keeps every event here, so the largest history also holds 100,000+ trace events.
      const w = await startWorker(mock, { TRACE_MAX_EVENTS: "250000" });
      try {
        const steps = Number(opts.steps ?? 10);
        if (phases.includes("cpu")) record.cpu = await cpu(w, mock, { steps, cpuRuns: Number(opts["cpu-runs"] ?? 20) });
        if (phases.includes("load"))
          record.load = await load(w, mock, {
            concurrency: (opts.concurrency ?? "1,8,32").split(",").map(Number),
            steps,
            minRuns: Number(opts["min-runs"] ?? 24),
          });
        if (phases.includes("history"))
          record.history = await history(w, mock, {
            sizes: (opts.history ?? "1,100,1000,10000,50000").split(",").map(Number),
            repeat: Number(opts.repeat ?? 5),
          });
      } finally {
        await w.stop();
      }
    }
  } finally {
    mock.stop();
  }
  record.busy = meter.stop();
  return saveRecord("worker", record, render);
}

const cell = (x) => (x?.n ? `${fmt(x.p50, 1)} / ${fmt(x.p99 ?? x.max, 1)}` : "-");

export function render(r, jsonRel) {
  const L = [];
  L.push(
    `Measured ${r.machine.date.slice(0, 16).replace("T", " ")} UTC on ${machineLine(r.machine)}; the whole machine averaged ${r.busy.busy_cores_avg} busy cores of ${r.machine.nproc} over the ${r.busy.wall_s} s of the run (load average ${r.busy.loadavg1_start} → ${r.busy.loadavg1_end}). Versions: ${Object.entries(
      r.versions,
    )
      .map(([k, v]) => `${k}@${v}`)
      .join(", ")}. Record: \`${jsonRel}\`.`,
  );
  L.push("");
  if (r.cpu) {
    const c = r.cpu;
    L.push(
      `**CPU per run** (${c.runs} sequential runs after 3 warm-up, each a fresh session, ${c.steps_per_run} calculate steps = ${c.model_calls_per_run} model calls, streamed; CPU of each process from /proc/<pid>/task/*/schedstat; the model is another process and not counted). p50 / p90 / max, ms per run:`,
    );
    L.push("");
    L.push("| process | p50 | p90 | max | per model call (p50) |");
    L.push("|---|---:|---:|---:|---:|");
    for (const [role, s] of Object.entries(c.cpu_ms_per_run))
      L.push(`| ${role} | ${fmt(s.p50, 1)} | ${fmt(s.p90, 1)} | ${fmt(s.max, 1)} | ${fmt(s.p50 / c.model_calls_per_run, 2)} |`);
    L.push("");
    L.push(`Wall time per run p50 ${fmt(c.run_ms.p50, 1)} ms; errors ${c.errors}.`);
    L.push("");
  }
  if (r.load) {
    L.push(
      "**Under load** (N sessions at once, one run each per wave, every run streamed to the end; times in ms, p50 / p99). *between steps* = end of one model answer → the next model request, as the mock sees it (reading the answer, running the tool, persisting, building the next request); *first* = POST → first model request; *last* = end of the final answer → end of the client's stream:",
    );
    L.push("");
    L.push(
      "| sessions | runs × steps | errors | model calls/s | runs/s | between steps | first | last | run wall | workerd (Worker) CPU ms/run | busy cores (of " +
        r.machine.nproc +
        ") |",
    );
    L.push("|---:|---|---:|---:|---:|---|---|---|---|---:|---:|");
    for (const x of r.load) {
      L.push(
        `| ${x.sessions} | ${x.runs} × ${x.steps_per_run} | ${x.errors} | ${x.model_requests_per_s} | ${x.runs_per_s} | ${cell(x.between_ms)} | ${cell(x.first_ms)} | ${cell(x.last_ms)} | ${cell(x.run_ms)} | ${fmt(x.cpu_ms_per_run["workerd (the Worker)"], 1)} | ${x.busy.busy_cores_avg} |`,
      );
    }
    L.push("");
  }
  if (r.history) {
    L.push(
      "**History length** (one session pre-filled through real runs; then runs of one tool step; ms p50 / p99 over the repeats): *load + build* = POST → first model request (the Durable Object loads the session's messages and builds the request); *next request* = tool answer → second model request (history in memory):",
    );
    L.push("");
    L.push(
      "| messages in the session | load + build | next request | run wall | messages the model saw | request KiB | other model calls (summaries) | GET session | GET newest 100 messages | trace events kept | one page of 1,000 events | errors |",
    );
    L.push("|---:|---|---|---|---:|---:|---:|---|---|---:|---|---:|");
    for (const h of r.history)
      L.push(
        `| ${h.messages_in_session} (${h.label}) | ${cell(h.load_and_build_ms)} | ${cell(h.next_request_ms)} | ${cell(h.run_ms)} | ${h.model_saw_messages} | ${h.request_kib} | ${h.other_model_calls} | ${cell(h.get_session_ms)} | ${cell(h.get_session_page_ms)} | ${h.trace_events ?? "-"} | ${cell(h.trace_page_ms)} | ${h.errors} |`,
      );
    L.push("");
  }
  if (r.cold) {
    const s = r.cold.summary;
    L.push(
      `**Cold start** (${r.cold.rows.length} fresh \`wrangler dev\` starts; ms p50 / max): spawn → healthy /healthz ${fmt(s.spawnToReadyMs.p50, 0)} / ${fmt(s.spawnToReadyMs.max, 0)} (wrangler builds the assets, bundles and starts workerd: a dev-tool cost, not an edge one); first run after start (new Durable Object) POST → first byte of the stream ${cell(s.firstRunFirstByteMs)}, → first model request ${cell(s.firstRunFirstModelRequestMs)}; a second new Durable Object on the warm isolate: first byte ${cell(s.newDoFirstByteMs)}, first model request ${cell(s.newDoFirstModelRequestMs)}; the same object again (warm): first byte ${cell(s.warmFirstByteMs)}, first model request ${cell(s.warmFirstModelRequestMs)}; errors ${s.errors}.`,
    );
    L.push("");
  }
  return L.join("\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: Object.fromEntries(
      ["phases", "concurrency", "steps", "min-runs", "cpu-runs", "history", "repeat", "cold-starts"].map((k) => [k, { type: "string" }]),
    ),
  });
  const { md } = await runWorker(values);
  process.stdout.write(md);
}
