// Reads a V8 .cpuprofile: self time by function and by owner (a package, a source file of ours), native
// time charged to the nearest JS caller that has an owner, and inclusive time of our own functions.
// `locate(callFrame)` names a frame: { owner, where } (owner null for natives and runtime internals).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** Maps bundle positions back to sources with the bundle's .map file, when there is one (@jridgewell/trace-mapping, vitest's). */
export function sourceMapper(repo) {
  const require = createRequire(`${repo}/package.json`);
  let tm;
  try {
    tm = require("@jridgewell/trace-mapping");
  } catch {
    return () => null;
  }
  const maps = new Map();
  return (url, line, column) => {
    if (!url) return null;
    if (!maps.has(url)) {
      let map = null;
      try {
        const file = url.startsWith("file://") ? fileURLToPath(url) : url;
        if (existsSync(`${file}.map`)) map = new tm.TraceMap(readFileSync(`${file}.map`, "utf8"));
      } catch {
        map = null;
      }
      maps.set(url, map);
    }
    const map = maps.get(url);
    if (!map) return null;
    const p = tm.originalPositionFor(map, { line: line + 1, column: Math.max(0, column) });
    if (!p.source) return null;
    const source = p.source.startsWith(`${repo}/`) ? p.source.slice(repo.length + 1) : p.source.replace(/^(\.\.\/)+/, "");
    return { source: source.replace(/^.*node_modules\//, "node_modules/"), line: p.line };
  };
}

/**
 * Weights are sample counts by default: on a loaded machine the sampler thread is starved and the time
 * deltas between samples stretch over whatever happened to be on the stack; counts are the steadier
 * share. `{ weight: "time" }` uses the deltas (µs) instead.
 */
export function analyseProfile(prof, locate, { isOurs = () => false, weight = "samples" } = {}) {
  const dt = new Map();
  for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (weight === "time" ? (prof.timeDeltas[i] ?? 0) : 1));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const info = new Map(prof.nodes.map((n) => [n.id, locate(n.callFrame)]));
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  const bySelf = new Map();
  const byOwnerSelf = new Map();
  const byCaller = new Map();
  const inclusive = new Map();
  let total = 0;
  let idle = 0;
  for (const n of prof.nodes) {
    const us = dt.get(n.id) ?? 0;
    if (!us) continue;
    total += us;
    const fn = n.callFrame.functionName || "(anonymous)";
    if (fn === "(idle)") idle += us;
    const me = info.get(n.id);
    add(bySelf, `${fn} — ${me.where}`, us);
    add(byOwnerSelf, me.owner ?? (fn.startsWith("(") ? fn : "runtime / native"), us);
    let o = n;
    while (o && !info.get(o.id).owner) o = parent.get(o.id);
    add(
      byCaller,
      o ? `${info.get(o.id).owner}: ${o.callFrame.functionName || "(anonymous)"}` : fn.startsWith("(") ? fn : "runtime / native (no JS caller)",
      us,
    );
    const seen = new Set();
    for (let a = n; a; a = parent.get(a.id)) {
      const ai = info.get(a.id);
      if (!ai.owner || !isOurs(ai.owner)) continue;
      const k = `${a.callFrame.functionName || "(anonymous)"} — ${ai.where}`;
      if (seen.has(k)) continue;
      seen.add(k);
      add(inclusive, k, us);
    }
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { totalUs: total, idleUs: idle, weight, bySelf, byOwnerSelf, byCaller, inclusive, top };
}

/** `perUnit`: {name, count, busyMs} spreads a measured CPU total (busyMs) over the shares, per unit. */
export function formatProfile(a, { top = 25, perUnit = null } = {}) {
  const busy = a.totalUs - a.idleUs;
  const pct = (w) =>
    `${((100 * w) / busy).toFixed(1).padStart(5)}%${perUnit?.busyMs ? ` ≈${((perUnit.busyMs * w) / busy / perUnit.count).toFixed(2).padStart(6)} ms/${perUnit.name}` : ""}`;
  const L = [
    a.weight === "time" ? `${(busy / 1000).toFixed(0)} ms sampled outside idle (percentages of that)` : `${busy} samples outside idle (percentages of those)`,
  ];
  L.push("", "self time by owner:");
  for (const [k, v] of a.top(a.byOwnerSelf, 14)) if (k !== "(idle)") L.push(`  ${pct(v)}  ${k}`);
  L.push("", `self time charged to the nearest JS caller with an owner (top ${top}):`);
  for (const [k, v] of a.top(a.byCaller, top + 1)) if (k !== "(idle)") L.push(`  ${pct(v)}  ${k}`);
  L.push("", `inclusive time of our functions (top ${top}):`);
  for (const [k, v] of a.top(a.inclusive, top)) L.push(`  ${pct(v)}  ${k}`);
  L.push("", `top ${top} functions by self time:`);
  for (const [k, v] of a.top(a.bySelf, top + 1)) if (!k.startsWith("(idle)")) L.push(`  ${pct(v)}  ${k}`);
  return L.join("\n");
}
