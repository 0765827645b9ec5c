// Issue 29's figures beside their goals, from the newest record of each kind in bench/results/ (or the
// records a run just made): `npm run bench` prints and records the table, `npm run bench:check -- --goals`
// fails when a goal with a record is not met. The suite's time is its `suite-*.json` record (bench/suite.mjs,
// `--only suite`); a run that failed is no figure of a passing suite, and counts as not met.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "./lib/peer-bench.mjs";
import { OURS } from "./durable/compare.mjs";
import { fmt } from "./lib/stats.mjs";

const dir = path.join(REPO, "bench/results");

/** The newest record of `kind` in bench/results/, or undefined. */
export function newestRecord(kind) {
  const file = readdirSync(dir)
    .filter((f) => f.startsWith(`${kind}-`) && f.endsWith(".json") && /^\d/.test(f.slice(kind.length + 1)))
    .sort()
    .at(-1);
  return file ? { file: `bench/results/${file}`, data: JSON.parse(readFileSync(path.join(dir, file), "utf8")) } : undefined;
}

/** Each figure: what it is, its value (undefined without a record), the goal (at most), and the record it came from. */
export function issue29Goals(records = {}) {
  const rec = (kind) => records[kind] ?? newestRecord(kind);
  const durable = rec("durable");
  const trip = rec("page-trip");
  const bundle = rec("bundle");
  const free = rec("free-plan");
  const suite = rec("suite");
  const d = durable?.data;
  const hasDeferred = !!d?.ratios?.oursXBare?.withDeferred;
  const rows = [
    {
      figure: "A/B: ours ÷ bare durable loop, CPU per run counting the work left behind",
      value: hasDeferred ? d.ratios.oursXBare.withDeferred : undefined,
      goal: 1.3,
      unit: "×",
      from: durable,
    },
    { figure: "A/C: ours ÷ AIChatAgent, the same", value: hasDeferred ? d.ratios.oursXAichat?.withDeferred : undefined, goal: 0.25, unit: "×", from: durable },
    {
      figure: "work left behind per run (ours), CPU ms (this bench's bound: the issue counts it in A/B and A/C)",
      value: d?.rows?.[OURS]?.deferred?.perRunMs,
      goal: 1,
      unit: " ms",
      from: durable,
    },
    { figure: "a whole fetch_webpage call over the tiny page, median CPU ms", value: trip?.data.median, goal: 8, unit: " ms", from: trip },
    { figure: "the same, p90", value: trip?.data.p90, goal: 20, unit: " ms", from: trip },
    { figure: "Worker bundle, gzip KiB", value: bundle && bundle.data.minified.gzip9_bytes / 1024, goal: 400, unit: " KiB", from: bundle },
    {
      figure: "free plan, stepped run without a stream: CPU per invocation p99, ms",
      value: free?.data.stepped?.json.between.p99,
      goal: 10,
      unit: " ms",
      from: free,
    },
    {
      figure: "the suite (.ci/run), minutes on a quiet 2-core machine",
      value: suite && suite.data.seconds / 60,
      goal: 8,
      unit: " min",
      from: suite,
      failed: suite !== undefined && suite.data.exitCode !== 0,
    },
  ];
  return rows.map((r) => ({ ...r, met: r.value === undefined ? undefined : !r.failed && r.value <= r.goal }));
}

export function goalsMarkdown(rows) {
  const L = [
    "| issue 29 figure | measured | goal | | record (machine load at its start; calibration loops, compute / allocate ms) |",
    "|---|---:|---:|---|---|",
  ];
  for (const r of rows) {
    const load = r.from?.data.machine?.loadavg;
    const loops = r.from?.data.machine?.calibration_ms;
    L.push(
      `| ${r.figure} | ${r.value === undefined ? "no record" : `${fmt(r.value, r.unit === "×" ? 2 : 1)}${r.unit}`} | ≤ ${r.goal}${r.unit} | ${r.met === undefined ? "—" : r.met ? "**met**" : r.failed ? "**not met** (the run failed)" : "**not met**"} | ${r.from ? `\`${r.from.file}\`${load ? ` (load ${load.map((x) => x.toFixed(2)).join(" / ")}${loops ? `; loops ${loops.compute} / ${loops.allocate} ms` : ""})` : ""}` : "-"} |`,
    );
  }
  return L.join("\n") + "\n";
}
