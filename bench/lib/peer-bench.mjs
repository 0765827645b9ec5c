// A private, cached copy of ../shared/peer-bench with its packages installed (`npm ci`), so the peers'
// packages never become dependencies of this project. The copy is keyed by the hash of peer-bench's
// package-lock.json and lives in the OS temp dir (PEER_BENCH_DIR overrides); the scripts and fw/ files
// are refreshed from shared/ on every use, node_modules only when the lock file changes.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PEER_SRC = process.env.PEER_BENCH_SRC ?? path.resolve(REPO, "../shared/peer-bench");

export function preparePeerBench({ log = (s) => process.stderr.write(s + "\n") } = {}) {
  const lock = readFileSync(path.join(PEER_SRC, "package-lock.json"));
  const hash = createHash("sha256").update(lock).digest("hex").slice(0, 12);
  const base = process.env.PEER_BENCH_DIR ?? path.join(tmpdir(), `study-agent-peer-bench-${hash}`);
  const dir = path.join(base, "peer-bench");
  const nodeBin = path.join(dir, "node_modules/.bin/node");
  const ready = existsSync(nodeBin) && existsSync(path.join(dir, "node_modules/.package-lock.json"));
  if (!ready) {
    rmSync(base, { recursive: true, force: true });
    mkdirSync(base, { recursive: true });
    cpSync(PEER_SRC, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
    log(`peer-bench: npm ci in ${dir} (first use of this lock file; a few minutes)`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
  } else {
    // Refresh everything but node_modules and earlier results from shared/.
    cpSync(PEER_SRC, dir, {
      recursive: true,
      filter: (src) => {
        const rel = path.relative(PEER_SRC, src);
        return !rel.startsWith("node_modules") && !rel.startsWith("results");
      },
    });
    log(`peer-bench: reusing ${dir}`);
  }
  mkdirSync(path.join(dir, "results"), { recursive: true });
  return { dir, node: nodeBin, esbuild: path.join(dir, "node_modules/.bin/esbuild") };
}

/** run-all.mjs lists its scripts by name; add ours after the peers so all are interleaved in one run. */
export function addOursToRunAll(dir, scripts) {
  const file = path.join(dir, "run-all.mjs");
  const src = readFileSync(file, "utf8");
  if (src.includes(`'${scripts[0]}'`)) return;
  const anchor = "].filter((s) => !ONLY";
  if (!src.includes(anchor)) throw new Error("peer-bench run-all.mjs changed shape: cannot add our scripts to its SCRIPTS list");
  writeFileSync(file, src.replace(anchor, `  ${scripts.map((s) => `'${s}'`).join(", ")},\n${anchor}`));
}

export function packageVersion(dir, pkg) {
  try {
    return JSON.parse(readFileSync(path.join(dir, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return "unknown";
  }
}
