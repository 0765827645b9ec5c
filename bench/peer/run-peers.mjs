// Harness CPU and wall per tool step: our core (src/agent) beside the peers of ../shared/peer-bench,
// all measured in one run-all.mjs invocation, interleaved, against the same scripted model.
//
//   node bench/peer/run-peers.mjs [--steps 20,5] [--rounds 2] [--runs 30] [--warmup 3] [--only a,f]
//
// Writes bench/results/peers-<stamp>.json (every per-run sample) and bench/results/peers.md.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { freePort } from "../lib/ts.mjs";
import { busyMeter, machineInfo, machineLine } from "../lib/machine.mjs";
import { addOursToRunAll, packageVersion, preparePeerBench, REPO } from "../lib/peer-bench.mjs";
import { saveRecord } from "../lib/results.mjs";
import { fmt, median, quantile, round } from "../lib/stats.mjs";
import { buildOurs } from "./build.mjs";

const OURS = ["f-study-agent.mjs", "f-study-agent-stream.mjs"];
const PEERS = ["b-aisdk", "c-openai-agents", "d-langchain", "e-mastra"];

export async function runPeers(opts) {
  // record: false measures without writing bench/results (bench:check).
  const { steps = "20,5", rounds = "2", runs = "30", warmup = "3", only = "", record: keep = true } = opts;
  const pb = preparePeerBench();
  await buildOurs(path.join(pb.dir, "fw"));
  addOursToRunAll(pb.dir, OURS);
  const port = await freePort();
  const machine = machineInfo();
  const meter = busyMeter();
  const args = [
    "run-all.mjs",
    "--steps",
    steps,
    "--rounds",
    rounds,
    "--runs",
    runs,
    "--warmup",
    warmup,
    "--port",
    String(port),
    ...(only ? ["--only", only] : []),
  ];
  process.stderr.write(`peer-bench: ${pb.node} ${args.join(" ")} (cwd ${pb.dir})\n`);
  const stdout = await new Promise((resolve, reject) => {
    const child = spawn(pb.node, args, { cwd: pb.dir, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`run-all.mjs exited ${code}`))));
  });
  const busy = meter.stop();
  const payload = JSON.parse(readFileSync(path.join(pb.dir, "results/latest.json"), "utf8"));
  const analysis = analyse(payload);
  const versions = Object.fromEntries(
    ["openai", "zod", "ai", "@ai-sdk/openai", "@openai/agents", "langchain", "@langchain/core", "@langchain/langgraph", "@mastra/core", "esbuild"].map((p) => [
      p,
      packageVersion(pb.dir, p),
    ]),
  );
  const record = {
    kind: "peers",
    command: `npm run bench -- --only peers --steps ${steps} --rounds ${rounds} --runs ${runs} --warmup ${warmup}${only ? ` --peers-only ${only}` : ""}`,
    machine,
    busy,
    versions,
    analysis,
    run_all_tables: stdout,
    run_all: payload,
  };
  if (!keep) return { record, md: render(record, "(not recorded)") };
  return saveRecord("peers", record, render);
}

/** Pooled per-run samples by script and STEPS; ratios to the bare loop of the same mode, pooled and per round. */
export function analyse(payload) {
  const raw = payload.raw.filter((r) => !r.error);
  const errors = payload.raw.filter((r) => r.error).map((r) => ({ script: r.script ?? r.framework, error: r.error.slice(0, 300) }));
  const out = { errors, by_steps: {} };
  for (const steps of [...new Set(raw.map((r) => r.steps))].sort((a, b) => b - a)) {
    const rows = {};
    for (const script of [...new Set(raw.map((r) => r.script))]) {
      const rs = raw.filter((r) => r.steps === steps && r.script === script);
      if (!rs.length) continue;
      const cpu = rs.flatMap((r) => r.samples.cpu_ms_per_step);
      const wall = rs.flatMap((r) => r.samples.wall_ms_per_step);
      rows[script] = {
        framework: rs[0].framework,
        stream: script.includes("-stream"),
        n: cpu.length,
        cpu_median: round(median(cpu)),
        cpu_p25: round(quantile(cpu, 0.25)),
        cpu_p75: round(quantile(cpu, 0.75)),
        wall_median: round(median(wall)),
        wall_p25: round(quantile(wall, 0.25)),
        wall_p75: round(quantile(wall, 0.75)),
        round_cpu: rs.map((r) => ({ round: r.round, median: r.cpu_ms_per_step_median })),
        rss_peak_mb: Math.max(...rs.map((r) => r.rss_mb)),
        startup_ms: median(rs.map((r) => r.startup_ms)),
        other_load_cores_max: Math.max(...rs.map((r) => r.other_load_cores ?? 0)),
      };
    }
    const bareOf = (s) => rows[s.includes("-stream") ? "a-openai-stream.mjs" : "a-openai.mjs"];
    for (const [script, r] of Object.entries(rows)) {
      const b = bareOf(script);
      if (!b) continue;
      r.x_bare = round(r.cpu_median / b.cpu_median);
      r.extra_ms_vs_bare = round(r.cpu_median - b.cpu_median);
      const perRound = r.round_cpu.map((x) => x.median / (b.round_cpu.find((y) => y.round === x.round)?.median ?? NaN)).filter(Number.isFinite);
      r.x_bare_per_round = perRound.map((x) => round(x));
    }
    const streamPeers = Object.entries(rows).filter(([s]) => s.includes("-stream") && PEERS.some((p) => s.startsWith(p)));
    const leanest = streamPeers.sort((a, b) => a[1].cpu_median - b[1].cpu_median)[0];
    const ours = rows["f-study-agent.mjs"];
    const oursStream = rows["f-study-agent-stream.mjs"];
    const bareStream = rows["a-openai-stream.mjs"];
    out.by_steps[steps] = {
      rows,
      goals: {
        ours_x_bare: ours?.x_bare ?? null,
        ours_stream_x_bare: oursStream?.x_bare ?? null,
        leanest_stream_framework: leanest ? leanest[1].framework : null,
        ours_stream_vs_leanest_stream: leanest && oursStream ? round(oursStream.cpu_median / leanest[1].cpu_median) : null,
        ours_stream_extra_vs_leanest_extra:
          leanest && oursStream && bareStream ? round((oursStream.cpu_median - bareStream.cpu_median) / (leanest[1].cpu_median - bareStream.cpu_median)) : null,
      },
    };
  }
  return out;
}

const verdict = (x, limit) => (x == null ? "not measured" : x <= limit ? `**met** (${fmt(x)}× ≤ ${limit}×)` : `**not met** (${fmt(x)}× > ${limit}×)`);

export function render(record, jsonRel) {
  const { analysis: a, machine: m, busy, versions } = record;
  const lines = [];
  lines.push(`Measured ${m.date.slice(0, 16).replace("T", " ")} UTC on ${machineLine(m)}.`);
  lines.push(
    `Whole machine while it ran: ${busy.busy_cores_avg} of ${m.nproc} cores busy on average over ${busy.wall_s} s (load average ${busy.loadavg1_start} → ${busy.loadavg1_end}); the "other load" column is CPU burned by processes other than the benchmark and the mock, per script.`,
  );
  lines.push(
    `Versions: ${Object.entries(versions)
      .map(([k, v]) => `${k}@${v}`)
      .join(", ")}. Samples: \`${jsonRel}\`.`,
  );
  lines.push(`Command: \`${record.command}\``);
  lines.push("");
  for (const [steps, s] of Object.entries(a.by_steps).sort((x, y) => Number(y[0]) - Number(x[0]))) {
    lines.push(`#### ${steps} tool steps per run (${steps}+1 model calls), per step = run total / ${steps}`);
    lines.push("");
    lines.push(
      "| harness | mode | n runs | CPU ms/step, median [p25–p75] | wall ms/step, median [p25–p75] | × bare loop, same mode (pooled; per round) | + CPU ms/step vs bare | peak RSS MB | other load, cores (max) |",
    );
    lines.push("|---|---|---:|---|---|---|---:|---:|---:|");
    for (const [script, r] of Object.entries(s.rows)) {
      const name = script.startsWith("f-") ? `**${r.framework}** (ours)` : r.framework;
      lines.push(
        `| ${name} | ${r.stream ? "stream" : "plain"} | ${r.n} | ${fmt(r.cpu_median)} [${fmt(r.cpu_p25)}–${fmt(r.cpu_p75)}] | ${fmt(r.wall_median)} [${fmt(r.wall_p25)}–${fmt(r.wall_p75)}] | ${fmt(r.x_bare)}× (${(r.x_bare_per_round ?? []).map((x) => fmt(x)).join(" / ")}) | ${fmt(r.extra_ms_vs_bare)} | ${r.rss_peak_mb} | ${r.other_load_cores_max} |`,
      );
    }
    const g = s.goals;
    lines.push("");
    lines.push(
      `Goals at ${steps} steps: within 1.5× of the bare loop (issue 2) — plain ${verdict(g.ours_x_bare, 1.5)}, stream ${verdict(g.ours_stream_x_bare, 1.5)}; within 1.2× (issue 8) — plain ${verdict(g.ours_x_bare, 1.2)}, stream ${verdict(g.ours_stream_x_bare, 1.2)}; at most half the leanest framework's streaming cost (${g.leanest_stream_framework ?? "-"}) — ours is ${fmt(g.ours_stream_vs_leanest_stream)}× its CPU per step ${g.ours_stream_vs_leanest_stream == null ? "" : g.ours_stream_vs_leanest_stream <= 0.5 ? "(**met**)" : "(**not met**)"}, and our cost above the bare stream loop is ${fmt(g.ours_stream_extra_vs_leanest_extra)}× its cost above it.`,
    );
    lines.push("");
  }
  if (a.errors.length) lines.push(`Errors: ${a.errors.map((e) => `${e.script}: ${e.error}`).join("; ")}`);
  return lines.join("\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { steps: { type: "string" }, rounds: { type: "string" }, runs: { type: "string" }, warmup: { type: "string" }, only: { type: "string" } },
  });
  const { md } = await runPeers(values);
  process.stdout.write(md);
}
