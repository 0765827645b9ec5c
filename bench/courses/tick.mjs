#!/usr/bin/env node
// The course scheduler's tick at 1,000, 10,000 and 100,000 courses (issue 17, "Scale past one object"),
// in workerd under `wrangler dev`: the product's CourseRegistry shards and scheduled tick, seeded through
// a bench-only Worker (bench/courses/tick.worker.ts; seeding through the API would start a planning run
// per course). Per size: the tick's wall time (HTTP round trip to the Worker's tick route) and the
// Worker process's CPU (/proc schedstat, all threads), at the default COURSE_SHARDS and at 1 (one object).
// The seeded courses are daily and done for today, so the tick asks every shard which are due and finds none:
// the cost that grows with the number of courses when the tick walks them all. Then the busy tick: 100 and
// 1,000 more courses, all due at once (00:00 UTC for every daily course), each claimed in its shard's SQLite
// and its lesson work started. The bench Worker has no Session objects, so each started lesson fails at
// once and its period is marked failed (due again at the next tick, so every timed tick is as busy): what
// is timed is the tick's own claiming and fan-out; a lesson run's cost is the durable bench's.
//
//   ./node_modules/.bin/node bench/courses/tick.mjs [--sizes 1000,10000,100000] [--ticks 15]   (or npm run bench -- --only courses)
import { parseArgs } from "node:util";
import { machineInfo, machineLine } from "../lib/machine.mjs";
import { saveRecord } from "../lib/results.mjs";
import { fmt, median, quantile } from "../lib/stats.mjs";
import { clock, cpuNs, startWorker } from "../worker/lib.mjs";

const CONFIG = "bench/courses/wrangler.toml";
const WORKER = "workerd (the Worker)";
const TICK_AT = Date.parse("2030-03-15T12:00:00Z");
const NEXT_DAY = Date.parse("2030-03-16T00:00:00Z");

async function post(url) {
  const res = await fetch(url, { method: "POST" });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** `ticks` ticks at TICK_AT: wall ms, the Worker's CPU ms, and the courses each started. */
async function timeTicks(w, pid, ticks) {
  const wall = [];
  const cpu = [];
  const started = [];
  for (let i = 0; i < ticks; i++) {
    const c0 = cpuNs(pid);
    const s = clock();
    started.push((await post(`${w.url}/tick?at=${TICK_AT}`)).started);
    wall.push(clock() - s);
    // The started work settles (fails) in the background: let it, so its CPU is this tick's.
    await new Promise((r) => setTimeout(r, started.at(-1) ? 200 : 0));
    cpu.push((cpuNs(pid) - c0) / 1e6);
  }
  return { wall, cpu, started };
}

/** One configuration: seed up to each size, then time `ticks` ticks there; then the busy ticks. */
async function measure(shards, sizes, ticks, busySizes) {
  const w = await startWorker({ baseURL: "http://127.0.0.1:9/v1" }, { COURSE_SHARDS: String(shards) }, CONFIG);
  try {
    const worker = w.processes().find((p) => p.role === WORKER);
    if (!worker) throw new Error("the Worker's workerd process was not found");
    const rows = [];
    let seeded = 0;
    for (const size of sizes) {
      const t0 = clock();
      const { perShard } = await post(`${w.url}/seed?count=${size - seeded}&dueAt=${NEXT_DAY}`);
      const seedMs = clock() - t0;
      seeded = size;
      for (let i = 0; i < 3; i++) await post(`${w.url}/tick?at=${TICK_AT}`);
      const { wall, cpu, started } = await timeTicks(w, worker.pid, ticks);
      rows.push({ shards, courses: size, perShardMax: Math.max(...perShard), seedMs, started: started.reduce((a, b) => a + b, 0), wall, cpu });
      process.stderr.write(`courses: ${shards} shard(s), ${size} courses: tick wall p50 ${fmt(median(wall))} ms, CPU p50 ${fmt(median(cpu))} ms\n`);
    }
    const busy = [];
    let due = 0;
    for (const size of busySizes) {
      await post(`${w.url}/seed?count=${size - due}&dueAt=${TICK_AT - 1}`);
      due = size;
      await post(`${w.url}/tick?at=${TICK_AT}`);
      await new Promise((r) => setTimeout(r, 500));
      const t = await timeTicks(w, worker.pid, Math.max(3, Math.ceil(ticks / 3)));
      busy.push({ shards, due: size, quiet: seeded, ...t });
      process.stderr.write(`courses: ${shards} shard(s), busy tick, ${size} due: wall p50 ${fmt(median(t.wall))} ms, CPU p50 ${fmt(median(t.cpu))} ms\n`);
    }
    return { rows, busy };
  } finally {
    await w.stop();
  }
}

export async function runCourseTick({ sizes = [1000, 10_000, 100_000], ticks = 15, shardCounts = [16, 1], busySizes = [100, 1000], save = true } = {}) {
  const machine = machineInfo();
  const rows = [];
  const busy = [];
  for (const shards of shardCounts) {
    const m = await measure(shards, sizes, ticks, busySizes);
    rows.push(...m.rows);
    busy.push(...m.busy);
  }
  const record = { machine, sizes, ticks, rows, busy };
  return save ? saveRecord("courses", record, courseTickMarkdown) : { record };
}

/**
 * The figures bench:check compares: flatness of the quiet tick (by CPU: its wall time on a shared machine
 * moved 35 % between two runs of the same code) and the busy tick's CPU per due course.
 */
export function courseFigures(r) {
  const sharded = r.rows.filter((x) => x.shards === Math.max(...r.rows.map((y) => y.shards)));
  const at = (n) => sharded.find((x) => x.courses === n);
  const small = at(1000);
  const big = at(10_000);
  const busy = (r.busy ?? []).find((x) => x.shards === sharded[0]?.shards);
  return {
    ...(small && big ? { "courses: quiet tick Worker CPU, 10,000 ÷ 1,000 courses": median(big.cpu) / median(small.cpu) } : {}),
    ...(big ? { "courses: quiet tick Worker CPU ms at 10,000 courses": median(big.cpu) } : {}),
    ...(busy ? { "courses: busy tick Worker CPU ms per due course": median(busy.cpu) / busy.due } : {}),
  };
}

export function courseTickMarkdown(r, jsonRel) {
  const L = [
    `${r.ticks} ticks per size, in workerd under \`wrangler dev\` (${machineLine(r.machine)}); samples in \`${jsonRel}\`.`,
    "Courses seeded daily and done for today: each tick asks every shard for its due courses and finds none.",
    "",
    "| shards | courses | most on one shard | courses started | tick wall ms p50 / p90 | Worker CPU ms p50 / p90 | wall × smallest | seed s |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const x of r.rows) {
    const base = r.rows.find((y) => y.shards === x.shards);
    L.push(
      `| ${x.shards} | ${x.courses} | ${x.perShardMax} | ${x.started} | ${fmt(median(x.wall), 1)} / ${fmt(quantile(x.wall, 0.9), 1)} | ${fmt(median(x.cpu), 1)} / ${fmt(quantile(x.cpu, 0.9), 1)} | ${fmt(median(x.wall) / median(base.wall), 2)} | ${fmt(x.seedMs / 1000, 1)} |`,
    );
  }
  const sharded = r.rows.filter((x) => x.shards === Math.max(...r.rows.map((y) => y.shards)));
  const ratio = median(sharded.at(-1).wall) / median(sharded[0].wall);
  L.push(
    "",
    `Goal, a tick's time flat as courses grow (≤ 2× from ${sharded[0].courses} to ${sharded.at(-1).courses} courses): ${ratio <= 2 ? "met" : "not met"} (${fmt(ratio, 2)}×).`,
    "",
  );
  if (r.busy?.length) {
    L.push(
      "**Busy tick**: courses all due at once, beside the quiet ones (every daily course at 00:00 UTC); each tick claims each of them in its shard and starts its lesson work, which fails at once here (the bench Worker has no Session objects), so the next tick finds them due again. Wall and CPU include the started work settling.",
      "",
      "| shards | due courses | quiet courses beside them | courses started per tick | tick wall ms p50 / p90 | Worker CPU ms p50 / p90 | CPU ms per due course |",
      "|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const b of r.busy)
      L.push(
        `| ${b.shards} | ${b.due} | ${b.quiet} | ${fmt(median(b.started), 0)} | ${fmt(median(b.wall), 1)} / ${fmt(quantile(b.wall, 0.9), 1)} | ${fmt(median(b.cpu), 1)} / ${fmt(quantile(b.cpu, 0.9), 1)} | ${fmt(median(b.cpu) / b.due, 3)} |`,
      );
    L.push("");
  }
  return L.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: o } = parseArgs({ options: { sizes: { type: "string" }, ticks: { type: "string" }, shards: { type: "string" }, busy: { type: "string" } } });
  const { md } = await runCourseTick({
    ...(o.sizes ? { sizes: o.sizes.split(",").map(Number) } : {}),
    ...(o.busy ? { busySizes: o.busy.split(",").map(Number) } : {}),
    ...(o.ticks ? { ticks: Number(o.ticks) } : {}),
    ...(o.shards ? { shardCounts: o.shards.split(",").map(Number) } : {}),
  });
  process.stdout.write(md);
}
