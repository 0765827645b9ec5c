#!/usr/bin/env node
// Before and after a change to extraction, side by side: two builds of the extraction bench Worker
// (bench/extraction/worker.ts), each in a plain `workerd serve` process of its own (no wrangler, so
// nothing else shares the processes), the product's path posted to both in turn, page by page, so a
// drifting machine weighs on both alike. CPU of each process per page, minus a request that only
// reads the same body. This is how each lever in BENCHMARKS.md "Extraction CPU per page" was judged.
// Run it A/A (a saved build against the same code) to see its noise first: on 2026-12-06 two such runs
// gave 0.963 and 0.994 (geometric mean of the pages' medians, 12 rounds) and single pages up to 14 % off.
//
//   node bench/extraction/ab.mjs --save /tmp/before.js          build the Worker as it is now and keep it
//   (change the code)
//   node bench/extraction/ab.mjs --base /tmp/before.js [--rounds 4]   the saved build (A) against now (B)
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { importTs } from "../lib/ts.mjs";
import { quantile } from "../lib/stats.mjs";
import { REPO } from "../lib/peer-bench.mjs";
import { cpuNs } from "../worker/lib.mjs";

const { values } = parseArgs({ options: { save: { type: "string" }, base: { type: "string" }, rounds: { type: "string", default: "4" } } });

/** The Worker as `wrangler deploy` would bundle it, as one module. */
function build() {
  const out = mkdtempSync(path.join(tmpdir(), "extraction-ab-"));
  const wrangler = path.join(REPO, "node_modules/wrangler/bin/wrangler.js");
  const r = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", out, "--config", "bench/extraction/wrangler.toml"], {
    cwd: REPO,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`wrangler could not build the bench Worker:\n${r.stderr}`);
  return path.join(out, "worker.js");
}

/** `workerd serve` of one build on its own port; resolves once it answers. */
async function serve(script, port) {
  const dir = mkdtempSync(path.join(tmpdir(), "extraction-ab-"));
  copyFileSync(script, path.join(dir, "worker.js"));
  writeFileSync(
    path.join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .w) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const w :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2026-11-01",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  const child = spawn(path.join(REPO, "node_modules/.bin/workerd"), ["serve", "config.capnp"], { cwd: dir, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { pid: child.pid, url, stop: () => child.kill() };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`workerd did not answer on ${url}`);
}

if (values.save) {
  copyFileSync(build(), values.save);
  console.log(`saved the current build as ${values.save}`);
} else if (values.base) {
  const { freePort } = await importTs("test/support/free-port.ts");
  const { loadCorpus } = await importTs("test/support/extraction-corpus.ts");
  const pages = loadCorpus();
  const sides = { A: await serve(values.base, await freePort()), B: await serve(build(), await freePort()) };
  const call = async (side, n, html) => {
    const before = cpuNs(side.pid);
    await (await fetch(`${side.url}extract?prune=product&n=${n}`, { method: "POST", body: html })).text();
    return (cpuNs(side.pid) - before) / 1e6;
  };
  try {
    for (const page of pages) for (const side of Object.values(sides)) await call(side, 2, page.html);
    const ms = { A: [], B: [] };
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const page of pages) {
        for (const name of round % 2 ? ["A", "B"] : ["B", "A"]) {
          const baseline = await call(sides[name], 0, page.html);
          ms[name].push((await call(sides[name], 1, page.html)) - baseline);
        }
      }
    }
    const rounds = Number(values.rounds);
    const a = quantile(ms.A, 0.5);
    const b = quantile(ms.B, 0.5);
    console.log(`CPU per page, median of ${ms.A.length}: A (base) ${a.toFixed(2)} ms, B (now) ${b.toFixed(2)} ms, B/A ${(b / a).toFixed(3)}`);
    // The median page says little about the heavy pages that set the page trip's p90. Each page's own
    // median over the rounds does, and stays put when a burst of load hits one round.
    const perPage = pages.map((page, i) => {
      const of = (side) =>
        quantile(
          Array.from({ length: rounds }, (_, r) => ms[side][r * pages.length + i]),
          0.5,
        );
      return { name: page.name, a: of("A"), b: of("B") };
    });
    const geomean = Math.exp(perPage.reduce((t, p) => t + Math.log(p.b / p.a), 0) / perPage.length);
    const sum = (side) => perPage.reduce((t, p) => t + p[side], 0);
    console.log(`Each page's median over ${rounds} rounds: B/A ${geomean.toFixed(3)} (geometric mean), ${(sum("b") / sum("a")).toFixed(3)} (their sums)`);
    for (const p of [...perPage].sort((x, y) => y.a - x.a).slice(0, 5))
      console.log(`  ${p.name}: A ${p.a.toFixed(2)} ms, B ${p.b.toFixed(2)} ms, B/A ${(p.b / p.a).toFixed(3)}`);
  } finally {
    for (const side of Object.values(sides)) side.stop();
  }
} else {
  console.error("usage: node bench/extraction/ab.mjs --save <file> | --base <file> [--rounds N]");
  process.exit(2);
}
