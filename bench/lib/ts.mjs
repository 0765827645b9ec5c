// Imports a TypeScript module of this repo (test/support/*.ts) from a bench script: esbuild bundles it
// with its relative imports (packages stay external) into bench/results/tmp/ (git-ignored), then it is
// imported. Node's own type stripping cannot load them: they import without file extensions.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "./peer-bench.mjs";

export async function importTs(rel) {
  const outDir = path.join(REPO, "bench/results/tmp/ts");
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, rel.replace(/[/\\]/g, "__").replace(/\.ts$/, ".mjs"));
  await build({
    entryPoints: [path.join(REPO, rel)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    logLevel: "warning",
    // The modules use import.meta.dirname to find the repo: keep it pointing at their source folder.
    define: { "import.meta.dirname": JSON.stringify(path.dirname(path.join(REPO, rel))) },
  });
  return import(pathToFileURL(outfile).href);
}

export const freePort = async () => (await importTs("test/support/free-port.ts")).freePort();
