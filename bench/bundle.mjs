// Worker bundle size: the product as `wrangler deploy --dry-run` builds it (raw and gzip, as configured
// and minified), a by-package breakdown from wrangler's esbuild metafile, a probe of the zod import
// style, and the peers' minimal bundles from peer-bench's build-bundles.mjs with our core's minimal
// entry beside them (same esbuild flags, same smoke test).
//
//   node bench/bundle.mjs [--no-peers]
//
// Writes bench/results/bundle-<stamp>.json and bench/results/bundle.md.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { machineInfo, machineLine } from "./lib/machine.mjs";
import { packageVersion, preparePeerBench, REPO } from "./lib/peer-bench.mjs";
import { saveRecord } from "./lib/results.mjs";
import { buildOursWorker } from "./peer/build.mjs";

const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const KiB = (b) => `${(b / 1024).toFixed(1)} KiB`;
const gzip9 = (file) =>
  Number(
    execFileSync("sh", ["-c", `gzip -9 -c '${file}' | wc -c`])
      .toString()
      .trim(),
  );

/** Package (or src/ folder) an esbuild input path belongs to. */
export function ownerOf(input) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const rel = input.replace(/^(\.\.\/)+work\/main\//, "");
  if (rel.startsWith("src/")) return rel.split("/").length > 2 ? `src/${rel.split("/")[1]}/` : rel;
  return rel.split("/").slice(0, 2).join("/");
}

export function byPackage(meta) {
  const by = {};
  for (const out of Object.values(meta.outputs))
    for (const [inp, v] of Object.entries(out.inputs ?? {})) by[ownerOf(inp)] = (by[ownerOf(inp)] ?? 0) + v.bytesInOutput;
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  return Object.entries(by)
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, bytes]) => ({ pkg, bytes, share: Math.round((1000 * bytes) / total) / 10 }));
}

/** `wrangler deploy --dry-run` into a temp dir; returns sizes, wrangler's own upload line and the metafile. */
export function wranglerBuild({ minify }) {
  const dir = mkdtempSync(path.join(tmpdir(), "study-agent-bundle-"));
  try {
    const args = ["deploy", "--dry-run", "--outdir", path.join(dir, "out"), "--metafile", path.join(dir, "meta.json"), ...(minify ? ["--minify"] : [])];
    const r = spawnSync(path.join(REPO, "node_modules/.bin/wrangler"), args, { cwd: REPO, env: WRANGLER_ENV, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed: ${r.stderr.slice(-2000)}`);
    const upload = (r.stdout + r.stderr).match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
    const file = path.join(dir, "out/index.js");
    const meta = JSON.parse(readFileSync(path.join(dir, "meta.json"), "utf8"));
    return {
      command: `wrangler ${args.join(" ").replaceAll(dir, "<tmp>")}`,
      raw_bytes: statSync(file).size,
      gzip9_bytes: gzip9(file),
      wrangler_upload_kib: upload ? Number(upload[1]) : null,
      wrangler_gzip_kib: upload ? Number(upload[2]) : null,
      packages: byPackage(meta),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How the zod import style changes what esbuild can drop (peer-bench's strict flags, minified). */
export function zodProbe() {
  // Inside the repo so esbuild resolves the project's zod; bench/results/tmp/ is git-ignored.
  mkdirSync(path.join(REPO, "bench/results/tmp"), { recursive: true });
  const dir = mkdtempSync(path.join(REPO, "bench/results/tmp/zod-"));
  const esbuild = path.join(REPO, "node_modules/.bin/esbuild");
  const body =
    "export const s = z.object({ a: z.number() });\nexport const j = z.toJSONSchema(s);\nexport const p = (x) => { const r = s.safeParse(x); return r.success ? r.data : z.prettifyError(r.error); };\n";
  const out = {};
  try {
    for (const [name, imp] of [
      ["named", 'import { z } from "zod";'],
      ["namespace", 'import * as z from "zod";'],
    ]) {
      const entry = path.join(dir, `${name}.mjs`);
      writeFileSync(entry, `${imp}\n${body}`);
      const file = path.join(dir, `${name}.out.mjs`);
      execFileSync(
        esbuild,
        [
          entry,
          "--bundle",
          "--format=esm",
          "--platform=neutral",
          "--conditions=workerd,worker,browser",
          "--main-fields=browser,module,main",
          "--minify",
          `--outfile=${file}`,
          "--log-level=error",
        ],
        { cwd: REPO },
      );
      out[name] = { import: imp, raw_bytes: statSync(file).size, gzip9_bytes: gzip9(file) };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export async function runBundle({ peers = true } = {}) {
  const machine = machineInfo();
  const asConfigured = wranglerBuild({ minify: false });
  const minified = wranglerBuild({ minify: true });
  const zod = zodProbe();
  let peerResults = null;
  if (peers) {
    const pb = preparePeerBench();
    await buildOursWorker(path.join(pb.dir, "workers/f-study-agent.worker.mjs"));
    const r = spawnSync(pb.node, ["build-bundles.mjs", "--port", String(18950 + Math.floor(Math.random() * 1000))], { cwd: pb.dir, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`build-bundles.mjs failed: ${r.stderr.slice(-2000)}`);
    peerResults = JSON.parse(readFileSync(path.join(pb.dir, "results/bundles.json"), "utf8"));
    peerResults.esbuild_version = packageVersion(pb.dir, "esbuild");
  }
  const record = {
    kind: "bundle",
    command: `npm run bench -- --only bundle`,
    machine,
    versions: Object.fromEntries(
      ["wrangler", "esbuild", "openai", "zod", "hono", "linkedom", "@mozilla/readability", "@modelcontextprotocol/sdk", "@cfworker/json-schema", "marked"].map(
        (p) => [p, packageVersion(REPO, p)],
      ),
    ),
    as_configured: asConfigured,
    minified,
    zod_probe: zod,
    peers: peerResults,
  };
  return saveRecord("bundle", record, render);
}

export function render(r, jsonRel) {
  const L = [];
  const goal = 400 * 1024;
  L.push(
    `Measured ${r.machine.date.slice(0, 16).replace("T", " ")} UTC, ${machineLine(r.machine)}. Versions: ${Object.entries(r.versions)
      .map(([k, v]) => `${k}@${v}`)
      .join(", ")}. Record: \`${jsonRel}\`. Command: \`${r.command}\`.`,
  );
  L.push("");
  L.push('| build | raw | gzip -9 | wrangler\'s own "Total Upload / gzip" | goal ≤ 400 KiB gzip |');
  L.push("|---|---:|---:|---|---|");
  for (const [name, b] of [
    ["as configured (`npm run build`: no minify)", r.as_configured],
    ["`--minify`", r.minified],
  ]) {
    L.push(
      `| ${name} | ${KiB(b.raw_bytes)} | ${KiB(b.gzip9_bytes)} | ${b.wrangler_upload_kib} KiB / ${b.wrangler_gzip_kib} KiB | ${b.gzip9_bytes <= goal ? "**met**" : `**not met** (+${KiB(b.gzip9_bytes - goal)})`} |`,
    );
  }
  L.push("");
  L.push("By package (esbuild metafile `bytesInOutput`, minified build; gzip shares are not separable per package):");
  L.push("");
  L.push("| package | minified bytes | share | unminified bytes |");
  L.push("|---|---:|---:|---:|");
  const un = Object.fromEntries(r.as_configured.packages.map((p) => [p.pkg, p.bytes]));
  for (const p of r.minified.packages.slice(0, 20)) L.push(`| ${p.pkg} | ${KiB(p.bytes)} | ${p.share}% | ${un[p.pkg] != null ? KiB(un[p.pkg]) : "-"} |`);
  L.push("");
  const z = r.zod_probe;
  L.push(
    `zod import style (a one-schema entry, esbuild --minify, peer-bench flags): \`${z.named.import}\` → ${KiB(z.named.raw_bytes)} raw / ${KiB(z.named.gzip9_bytes)} gzip; \`${z.namespace.import}\` → ${KiB(z.namespace.raw_bytes)} raw / ${KiB(z.namespace.gzip9_bytes)} gzip. The named \`z\` is a namespace object esbuild must keep whole (all of \`z.locales\` included); the namespace import lets it drop what is unused.`,
  );
  if (r.peers) {
    L.push("");
    L.push(
      `Peers' minimal Worker entries (peer-bench \`build-bundles.mjs\`, esbuild ${r.peers.esbuild_version}: \`${r.peers.flags}\`), ours added as \`workers/f-study-agent.worker.mjs\` (our loop, model client and registry over the same \`add\` tool):`,
    );
    L.push("");
    L.push("| entry | build | raw | gzip -9 | smoke run | largest packages |");
    L.push("|---|---|---:|---:|---|---|");
    for (const row of r.peers.results) {
      const b = row.strict.ok ? row.strict : row.compat;
      const how = row.strict.ok ? "strict" : row.compat?.ok ? "compat (Node built-ins external)" : "failed";
      L.push(
        `| ${row.name === "f-study-agent" ? "**f-study-agent** (ours, core only)" : row.name} | ${how} | ${b?.ok ? KiB(b.raw_bytes) : "-"} | ${b?.ok ? KiB(b.gzip9_bytes) : "-"} | ${b?.smoke ?? "-"} | ${b?.top_packages?.join(", ") ?? "-"} |`,
      );
    }
  }
  return L.join("\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { "no-peers": { type: "boolean" } } });
  const { md } = await runBundle({ peers: !values["no-peers"] });
  process.stdout.write(md);
}
