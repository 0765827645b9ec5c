// Bundles our bench entries (ours.ts, ours-stream.ts) into standalone ES modules for peer-bench's fw/.
// `openai` and `zod` stay external so the bundle runs on exactly the copies the bare loop and the peers
// use (peer-bench's node_modules); "./harness.mjs" becomes "../harness.mjs" (fw/ → peer-bench/).
//
//   node bench/peer/build.mjs <outdir>    → <outdir>/f-study-agent.mjs, f-study-agent-stream.mjs (+ .meta.json)
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));

/** @type {import("esbuild").Plugin} */
const harnessFromFw = {
  name: "peer-bench-harness",
  setup(b) {
    b.onResolve({ filter: /^\.\/harness\.mjs$/ }, () => ({ path: "../harness.mjs", external: true }));
  },
};

export async function buildOurs(outDir) {
  const out = {};
  for (const [entry, name] of [
    ["ours.ts", "f-study-agent.mjs"],
    ["ours-stream.ts", "f-study-agent-stream.mjs"],
  ]) {
    const outfile = path.join(outDir, name);
    const r = await build({
      entryPoints: [path.join(here, entry)],
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node22",
      external: ["openai", "openai/*", "zod", "zod/*"],
      plugins: [harnessFromFw],
      metafile: true,
      logLevel: "warning",
      banner: { js: `// Built from bench/peer/${entry} of study-agent-edge by bench/peer/build.mjs; do not edit.` },
    });
    out[name] = { outfile, bytes: Object.values(r.metafile.outputs)[0].bytes };
  }
  return out;
}

/** Our Worker-style entry for build-bundles.mjs; openai and zod stay imports so it bundles them like the peers. */
export async function buildOursWorker(outfile) {
  await build({
    entryPoints: [path.join(here, "ours.worker.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    external: ["openai", "openai/*", "zod", "zod/*"],
    logLevel: "warning",
    banner: { js: "// Built from bench/peer/ours.worker.ts of study-agent-edge by bench/peer/build.mjs; do not edit." },
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node bench/peer/build.mjs <outdir>");
  console.log(JSON.stringify(await buildOurs(path.resolve(dir)), null, 1));
}
