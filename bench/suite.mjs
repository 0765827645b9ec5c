// The suite as CI runs it: a clean clone of HEAD, then `.ci/run` (npm ci && npm test), timed on the wall
// clock with the machine's load beside it. Its record (bench/results/suite-*.json, {seconds, command}) is
// the suite figure of bench/goals.mjs. It takes as long as CI (8–10 minutes on 2 cores), so it runs only
// when named: `npm run bench -- --only suite`.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { busyMeter } from "./lib/machine.mjs";
import { REPO } from "./lib/peer-bench.mjs";

const COMMAND = "git clone <HEAD> && .ci/run";

/** Runs a command to its end; its output is kept for the slowest files the suite prints. */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

export async function runSuite() {
  // Beside the project, as CI's clone is: the corpus tests read ../shared.
  const dir = mkdtempSync(path.join(path.dirname(REPO), ".suite-"));
  try {
    const clone = await run("git", ["clone", "--quiet", "--no-local", REPO, dir], REPO);
    if (clone.code !== 0) throw new Error(`git clone failed: ${clone.output}`);
    const meter = busyMeter();
    const t0 = performance.now();
    const ci = await run("bash", [".ci/run"], dir);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    // The whole output, to read when the run failed (bench/results/tmp/ is git-ignored).
    const logDir = path.join(REPO, "bench/results/tmp");
    mkdirSync(logDir, { recursive: true });
    const log = path.join(logDir, `suite-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
    writeFileSync(log, ci.output);
    const slowest = [...ci.output.matchAll(/^\s+([\d.]+) s {2}(\S+)/gm)].map((m) => ({ file: m[2], seconds: Number(m[1]) }));
    const totals = ci.output.match(/^(\d+) passed, (\d+) failed, (\d+) skipped/m);
    return {
      command: COMMAND,
      seconds,
      exitCode: ci.code,
      log: path.relative(REPO, log),
      tests: totals ? { passed: Number(totals[1]), failed: Number(totals[2]), skipped: Number(totals[3]) } : null,
      slowest,
      load: meter.stop(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function suiteMarkdown(r, file) {
  const verdict = r.exitCode === 0 ? "passed" : `failed (exit ${r.exitCode}; its output: \`${r.log}\`)`;
  const tests = r.tests ? `${r.tests.passed} passed, ${r.tests.failed} failed, ${r.tests.skipped} skipped` : "no test summary";
  const rows = r.slowest.map((s) => `| \`${s.file}\` | ${s.seconds} s |`).join("\n");
  return `\`${r.command}\` on a fresh clone: **${(r.seconds / 60).toFixed(1)} min** (${r.seconds} s), ${verdict}: ${tests}. Busy cores on average ${r.load.busy_cores_avg} of ${cpus().length} (the suite's own included), load average ${r.load.loadavg1_start} at the start. Record: \`${file}\`.\n\n| slowest test file | wall |\n|---|---:|\n${rows}\n`;
}
