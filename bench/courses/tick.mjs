#!/usr/bin/env node
// The course scheduler's tick at 1,000, 10,000 and 100,000 courses (issue 17, "Scale past one object"),
// in workerd under `wrangler dev`: the product's CourseRegistry shards and scheduled tick, seeded through
// a bench-only Worker (bench/courses/tick.worker.ts; seeding through the API would start a planning run
// per course). Per size: the tick's wall time (HTTP round trip to the Worker's tick route) and the
// Worker process's CPU (/proc schedstat, all threads), at the default COURSE_SHARDS and at 1 (one object).
// The seeded courses are daily and done for today, so the tick asks every shard which are due and finds none:
// the cost that grows with the number of courses when the tick walks them all.
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

/** One configuration: seed up to each size, then time `ticks` ticks there. */
async function measure(shards, sizes, ticks) {
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
      const wall = [];
      const cpu = [];
      let started = 0;
      for (let i = 0; i < ticks; i++) {
        const c0 = cpuNs(worker.pid);
        const s = clock();
        started += (await post(`${w.url}/tick?at=${TICK_AT}`)).started;
        wall.push(clock() - s);
        cpu.push((cpuNs(worker.pid) - c0) / 1e6);
      }
      rows.push({ shards, courses: size, perShardMax: Math.max(...perShard), seedMs, started, wall, cpu });
      process.stderr.write(`courses: ${shards} shard(s), ${size} courses: tick wall p50 ${fmt(median(wall))} ms, CPU p50 ${fmt(median(cpu))} ms\n`);
    }
    return rows;
  } finally {
    await w.stop();
  }
}

export async function runCourseTick({ sizes = [1000, 10_000, 100_000], ticks = 15, shardCounts = [16, 1] } = {}) {
  const machine = machineInfo();
  const rows = [];
  for (const shards of shardCounts) rows.push(...(await measure(shards, sizes, ticks)));
  return saveRecord("courses", { machine, sizes, ticks, rows }, courseTickMarkdown);
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
  return L.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: o } = parseArgs({ options: { sizes: { type: "string" }, ticks: { type: "string" }, shards: { type: "string" } } });
  const { md } = await runCourseTick({
    ...(o.sizes ? { sizes: o.sizes.split(",").map(Number) } : {}),
    ...(o.ticks ? { ticks: Number(o.ticks) } : {}),
    ...(o.shards ? { shardCounts: o.shards.split(",").map(Number) } : {}),
  });
  process.stdout.write(md);
}
