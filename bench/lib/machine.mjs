// What the machine was and how busy it was while a benchmark ran (shared boxes: say so with the figures).
import { cpus, loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

/** Machine-wide busy and total CPU time (ms) from /proc/stat. */
export function cpuTimes() {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = f;
    const busy = user + nice + system + irq + softirq + steal;
    return { busyMs: busy * 10, totalMs: (busy + idle + iowait) * 10 };
  } catch {
    return null;
  }
}

/** Starts a busy-CPU meter; `stop()` gives the average number of busy cores over the interval. */
export function busyMeter() {
  const t0 = cpuTimes();
  const w0 = Date.now();
  const load0 = loadavg()[0];
  return {
    stop() {
      const t1 = cpuTimes();
      const wall = Date.now() - w0;
      return {
        wall_s: Math.round(wall / 100) / 10,
        busy_cores_avg: t0 && t1 ? Math.round(((t1.busyMs - t0.busyMs) / wall) * 100) / 100 : null,
        loadavg1_start: load0,
        loadavg1_end: loadavg()[0],
      };
    },
  };
}

/**
 * How fast the machine was, as two fixed loops' CPU ms (best of three): `compute`, 10⁸ additions in
 * registers; `allocate`, 10⁷ short-lived objects (the young generation's collector, as a DOM's parse and
 * walks keep it busy). The load average does not show a slowed host: on 2026-12-06 one loop of 3 × 10⁸
 * heap-number additions took 540–1150 ms of CPU in the afternoon and 1900–2400 ms in the evening, with the
 * load average under 1 and no steal time in /proc/stat. Figures in ms compare only between records whose
 * loops took alike.
 */
export function calibration() {
  const cpuMs = (loop) => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const start = process.cpuUsage();
      loop();
      const used = process.cpuUsage(start);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return Math.round(best);
  };
  return {
    compute: cpuMs(() => {
      let sum = 0;
      for (let i = 0; i < 1e8; i++) sum += i;
      if (sum !== 4999999950000000) throw new Error("the calibration loop miscounted");
    }),
    allocate: cpuMs(() => {
      const kept = new Array(1024);
      for (let i = 0; i < 1e7; i++) kept[i & 1023] = { i, name: `n${i & 255}` };
      if (kept[(1e7 - 1) & 1023].i !== 1e7 - 1) throw new Error("the calibration loop miscounted");
    }),
  };
}

export function machineInfo() {
  let commit = "unknown";
  let dirty = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "package.json", "wrangler.toml"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean).length;
  } catch {}
  return {
    date: new Date().toISOString(),
    nproc: cpus().length,
    cpu_model: cpus()[0]?.model ?? "unknown",
    node: process.version,
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
    calibration_ms: calibration(),
    git_commit: commit,
    uncommitted_src_files: dirty,
  };
}

export function machineLine(m) {
  return `${m.nproc} × ${m.cpu_model}, Node ${m.node}, git ${m.git_commit}${m.uncommitted_src_files ? ` + ${m.uncommitted_src_files} uncommitted files in src/ (the shared working tree)` : ""}, load average at start ${m.loadavg.join(" / ")}${m.calibration_ms ? `, calibration loops ${m.calibration_ms.compute} / ${m.calibration_ms.allocate} ms of CPU (compute / allocate, bench/lib/machine.mjs)` : ""}`;
}
