#!/usr/bin/env node
// Before and after a change to extraction, side by side: two builds of the extraction bench Worker
// (bench/extraction/worker.ts), each in a plain `workerd serve` process of its own (no wrangler, so
// nothing else shares the processes), the product's path posted to both in turn, page by page, so a
// drifting machine weighs on both alike. CPU of each process per page, minus a request that only
// reads the same body. This is how each lever in BENCHMARKS.md "Extraction CPU per page" was judged.
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
    // The median page says little about the heavy pages that set the page trip's p90: the p90 and the total say it.
    const total = (xs) => xs.reduce((x, y) => x + y, 0);
    for (const [what, a, b] of [
      [`median of ${ms.A.length}`, quantile(ms.A, 0.5), quantile(ms.B, 0.5)],
      ["p90", quantile(ms.A, 0.9), quantile(ms.B, 0.9)],
      ["all pages together", total(ms.A), total(ms.B)],
    ])
      console.log(`CPU per page, ${what}: A (base) ${a.toFixed(2)} ms, B (now) ${b.toFixed(2)} ms, B/A ${(b / a).toFixed(3)}`);
  } finally {
    for (const side of Object.values(sides)) side.stop();
  }
} else {
  console.error("usage: node bench/extraction/ab.mjs --save <file> | --base <file> [--rounds N]");
  process.exit(2);
}
