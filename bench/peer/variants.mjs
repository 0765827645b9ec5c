// A/B of our loop's per-step overheads: builds our bench entry from a copy of src/agent with one change
// at a time (string patches that fail loudly when the source no longer matches), then runs the bare
// loop, our unchanged loop and every variant alternated in one process (paired.mjs's method). Each
// variant's CPU per step against the unchanged loop says what that piece costs.
//
//   node bench/peer/variants.mjs [--mode plain|stream] [--runs 300] [--warmup 20] [--only no-signal,...] [--save]
//   (--save writes bench/results/variants-<mode>.md)
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { machineLine } from "../lib/machine.mjs";
import { REPO } from "../lib/peer-bench.mjs";
import { median, quantile, round } from "../lib/stats.mjs";
import { buildOurs } from "./build.mjs";
import { alternate } from "./paired.mjs";

/** Each variant: [file under src/agent, text to find, replacement] patches. */
export const VARIANTS = {
  "no-signal": {
    what: "providers/openai.ts passes no cancel signal to the SDK (so it skips AbortSignal.any and its abort listeners per request)",
    patches: [
      [
        "providers/openai.ts",
        "const out = await call({ signal, headers: { [ATTEMPT_HEADER]: tag } });",
        "const out = await call({ headers: { [ATTEMPT_HEADER]: tag } });",
      ],
    ],
  },
  "no-attempt-tag": {
    what: "providers/openai.ts counts no attempts: no per-call UUID header, no counting wrapper around fetch",
    patches: [
      ["providers/openai.ts", "const out = await call({ signal, headers: { [ATTEMPT_HEADER]: tag } });", "const out = await call({ signal });"],
      ["providers/openai.ts", "    fetch: countingFetch,\n", ""],
    ],
  },
  "no-tool-timer": {
    what: "tools.ts ToolRegistry.run calls the tool directly (no AbortController, timeout timer and Promise.race per call)",
    patches: [
      [
        "tools.ts",
        "  async run(tool: Tool, args: unknown, ctx: ToolContext): Promise<ToolResult> {\n",
        "  async run(tool: Tool, args: unknown, ctx: ToolContext): Promise<ToolResult> {\n    if (ctx) return await tool.run(args, ctx);\n",
      ],
    ],
  },
};
VARIANTS["all-three"] = {
  what: "the three above together",
  patches: [
    ["providers/openai.ts", "const out = await call({ signal, headers: { [ATTEMPT_HEADER]: tag } });", "const out = await call({});"],
    ["providers/openai.ts", "    fetch: countingFetch,\n", ""],
    VARIANTS["no-tool-timer"].patches[0],
  ],
};

async function buildVariant(name, patches, outDir) {
  const tmp = mkdtempSync(path.join(tmpdir(), `study-agent-variant-${name}-`));
  try {
    for (const d of ["src/agent", "bench/peer", "bench/lib"]) cpSync(path.join(REPO, d), path.join(tmp, d), { recursive: true });
    symlinkSync(path.join(REPO, "node_modules"), path.join(tmp, "node_modules"));
    for (const [file, find, replace] of patches) {
      const p = path.join(tmp, "src/agent", file);
      const src = readFileSync(p, "utf8");
      if (!src.includes(find))
        throw new Error(`variant ${name}: src/agent/${file} no longer contains ${JSON.stringify(find.slice(0, 80))}; update bench/peer/variants.mjs`);
      writeFileSync(p, src.replace(find, replace));
    }
    const { buildOurs: buildCopy } = await import(pathToFileURL(path.join(tmp, "bench/peer/build.mjs")).href);
    const names = {};
    for (const [file, o] of Object.entries(await buildCopy(path.join(tmp, "out")))) {
      const target = file.replace("f-study-agent", `f-study-agent-${name}`);
      cpSync(o.outfile, path.join(outDir, target));
      names[file.includes("stream") ? "stream" : "plain"] = target;
    }
    return names;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    mode: { type: "string", default: "plain" },
    runs: { type: "string", default: "300" },
    warmup: { type: "string", default: "20" },
    only: { type: "string" },
    save: { type: "boolean" },
  },
});
const chosen = values.only ? values.only.split(",") : Object.keys(VARIANTS);
const r = await alternate({
  runs: values.runs,
  warmup: values.warmup,
  prepare: async (fwDir) => {
    await buildOurs(fwDir);
    const scripts = [
      values.mode === "stream" ? "a-openai-stream.mjs" : "a-openai.mjs",
      values.mode === "stream" ? "f-study-agent-stream.mjs" : "f-study-agent.mjs",
    ];
    for (const name of chosen) scripts.push((await buildVariant(name, VARIANTS[name].patches, fwDir))[values.mode]);
    return scripts;
  },
});
const [bare, base, ...rest] = r.scripts;
const s = r.samples;
const ratio = (a, b) => s[a].cpu.map((x, k) => x / s[b].cpu[k]);
const q = (xs) => `${round(median(xs))} [${round(quantile(xs, 0.25))}–${round(quantile(xs, 0.75))}]`;
const L = [];
L.push(
  `Measured ${r.machine.date.slice(0, 16).replace("T", " ")} UTC on ${machineLine(r.machine)}; ${values.mode}, ${r.steps} steps a run, ${values.runs} runs of each script after ${values.warmup} warm-up, alternated in one process; the whole machine averaged ${r.busy.busy_cores_avg} of ${r.machine.nproc} cores busy. Command: \`node bench/peer/variants.mjs --mode ${values.mode} --runs ${values.runs}${values.only ? ` --only ${values.only}` : ""}\`.`,
);
L.push("");
L.push(`| script | CPU ms/step median [p25–p75] | / bare, per pair | / our unchanged loop, per pair | what changed |`);
L.push(`|---|---|---|---|---|`);
L.push(`| ${bare} | ${q(s[bare].cpu)} | 1 | - | the bare loop |`);
L.push(`| ${base} | ${q(s[base].cpu)} | ${q(ratio(base, bare))} | 1 | our loop as it is |`);
rest.forEach((sc, k) => L.push(`| ${sc} | ${q(s[sc].cpu)} | ${q(ratio(sc, bare))} | ${q(ratio(sc, base))} | ${VARIANTS[chosen[k]].what} |`));
const md = L.join("\n") + "\n";
process.stdout.write(md);
if (values.save) writeFileSync(path.join(REPO, `bench/results/variants-${values.mode}.md`), md);
