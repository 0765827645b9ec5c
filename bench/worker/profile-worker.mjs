// CPU profile of the Worker inside workerd (under `wrangler dev`) over N streamed runs of STEPS
// calculate steps, through the DevTools protocol on wrangler's inspector port. Prints where the time
// goes by source file and function (mapped through the bundle's source map); writes the .cpuprofile
// to bench/results/tmp/ (git-ignored).
//
//   node bench/worker/profile-worker.mjs [--runs 20] [--steps 10] [--top 30] [--same-session] [--steps-per-invocation N] [--save]
//   (--save writes bench/results/workerd-profile-<fresh-sessions|same-session>.md; --steps-per-invocation sets
//   RUN_STEPS_PER_INVOCATION, so the object's alarm drives the run N steps at a time; wrangler's local log
//   collector is left out, as for every bench Worker: see startWorker)
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { connectCdp } from "../lib/cdp.mjs";
import { analyseProfile, formatProfile, sourceMapper } from "../lib/cpuprofile.mjs";
import { machineInfo, machineLine } from "../lib/machine.mjs";
import { REPO } from "../lib/peer-bench.mjs";
import { cpuNs, startMock, startWorker, streamRun } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    steps: { type: "string", default: "10" },
    top: { type: "string", default: "30" },
    interval: { type: "string", default: "200" },
    "same-session": { type: "boolean" },
    "steps-per-invocation": { type: "string", default: "0" },
    save: { type: "boolean" },
    /** Profile a peer of bench/durable/ instead (its wrangler config), e.g. bench/durable/wrangler.bare.toml. */
    config: { type: "string" },
    /** Each run is one fetch_webpage call of this URL instead (the page-trip bench's run; private addresses allowed). */
    "fetch-url": { type: "string" },
  },
});

/** A DevTools-protocol session with the Worker's isolate on wrangler's inspector port. */
async function inspect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  return { target, ...(await connectCdp(target.webSocketDebuggerUrl)) };
}

/**
 * The bundle wrangler dev built for this Worker (the profile names it only "index.js"): the
 * .wrangler/tmp/dev-* whose index.js has the profile's function names on the profile's lines (other
 * engineers' wrangler dev sessions build there too).
 */
function findBundle(profile) {
  // A peer's config builds beside it (bench/durable/.wrangler/tmp), under its entry's name.
  const dirs = [REPO, ...(values.config ? [path.dirname(path.resolve(values.config))] : [])].map((d) => path.join(d, ".wrangler/tmp")).filter(existsSync);
  const frames = profile.nodes
    .map((n) => n.callFrame)
    .filter((cf) => cf.url && cf.functionName && !cf.functionName.startsWith("("))
    .slice(0, 200);
  const url = frames[0]?.url ? path.basename(frames[0].url) : "index.js";
  let best = null;
  for (const [dir, d] of dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((x) => x.startsWith("dev-"))
      .map((d) => [dir, d]),
  )) {
    const file = path.join(dir, d, url);
    if (!existsSync(file) || !existsSync(`${file}.map`)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    const score = frames.filter((cf) => (lines[cf.lineNumber] ?? "").includes(cf.functionName)).length;
    if (!best || score > best.score) best = { file, score };
  }
  return best && best.score > frames.length / 2 ? best.file : null;
}

const mock = await startMock();
const fetchUrl = values["fetch-url"];
const w = await startWorker(
  mock,
  { RUN_STEPS_PER_INVOCATION: values["steps-per-invocation"], ...(fetchUrl ? { ALLOW_PRIVATE_FETCH: "true" } : {}) },
  values.config,
);
try {
  const wrangler = readFileSync(`/proc/${w.processes().find((p) => p.role === "wrangler (node)").pid}/cmdline`, "utf8").split("\0");
  const inspectorPort = wrangler[wrangler.indexOf("--inspector-port") + 1];
  const steps = fetchUrl ? 1 : Number(values.steps);
  for (let i = 0; i < 3; i++) await streamRun(w.url, `prof-warmup-${i}`, { steps, fetchUrl });
  const cdp = await inspect(inspectorPort);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: Number(values.interval) });
  await cdp.send("Profiler.start");
  const worker = w.processes().find((p) => p.role === "workerd (the Worker)");
  const cpu0 = cpuNs(worker.pid);
  let errors = 0;
  // Each run in a new session (a new Durable Object), or all in one session (history grows by 2 + 2 × steps a run).
  for (let i = 0; i < Number(values.runs); i++)
    if ((await streamRun(w.url, values["same-session"] ? "prof-same" : `prof-${i}`, { steps, fetchUrl })).error) errors++;
  const busyMs = (cpuNs(worker.pid) - cpu0) / 1e6;
  const { profile } = await cdp.send("Profiler.stop");
  cdp.close();
  const dir = path.join(REPO, "bench/results/tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `workerd-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const bundle = findBundle(profile);
  // wrangler removes its build at exit: a copy beside the profile keeps the profile readable later.
  if (bundle) for (const ext of ["", ".map"]) copyFileSync(`${bundle}${ext}`, file.replace(/\.cpuprofile$/, `.js${ext}`));
  const mapTo = sourceMapper(REPO);
  const locate = (cf) => {
    const src = cf.url && bundle ? mapTo(bundle, cf.lineNumber, cf.columnNumber) : null;
    if (!src) return { owner: null, where: cf.url ? `${path.basename(cf.url)}:${cf.lineNumber + 1}` : "(native)" };
    const pkg = src.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    return { owner: pkg ? pkg[1] : src.source, where: `${src.source}:${src.line}` };
  };
  const a = analyseProfile(profile, locate, { isOurs: (o) => o.startsWith("src/") });
  const mode = values["same-session"] ? "same-session" : "fresh-sessions";
  const text = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(machineInfo())}. Command: \`node bench/worker/profile-worker.mjs --runs ${values.runs} --steps ${steps}${values["same-session"] ? " --same-session" : ""}${values["steps-per-invocation"] !== "0" ? ` --steps-per-invocation ${values["steps-per-invocation"]}` : ""}\`.`,
    "",
    "```",
    ...(bundle ? [] : ["(could not find the bundle's source map: frames are named by bundle line)"]),
    `workerd profile (${path.relative(REPO, file)}): ${values.runs} runs × ${steps} steps (+1 final answer), ${values["same-session"] ? "all in one session" : "each in a new session (a new Durable Object)"}, errors ${errors}`,
    `workerd (the Worker) process CPU over the profiled runs: ${busyMs.toFixed(0)} ms, ${(busyMs / Number(values.runs)).toFixed(1)} ms/run with the profiler on; ms/run below spread that total by sample share`,
    formatProfile(a, { top: Number(values.top), perUnit: { name: "run", count: Number(values.runs), busyMs } }),
    "```",
  ].join("\n");
  console.log(text);
  if (values.save) writeFileSync(path.join(REPO, `bench/results/workerd-profile-${mode}.md`), text + "\n");
} finally {
  await w.stop();
  mock.stop();
}
