// The pieces the Worker benchmarks share: the scripted model (mock-model.mjs) in its own process, the
// Worker under `wrangler dev` (test/support/wrangler-dev.ts), a streaming run client, and per-process
// CPU of the workerd processes wrangler started (from /proc/<pid>/task/*/schedstat, nanoseconds).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importTs } from "../lib/ts.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const clock = () => performance.timeOrigin + performance.now();

export async function startMock(env = {}) {
  const child = spawn(process.execPath, [path.join(here, "mock-model.mjs"), "0"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const m = String(d).match(/READY (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`mock exited ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid,
    baseURL: `${base}/v1`,
    async log(after = 0) {
      return (await fetch(`${base}/__log?after=${after}`)).json();
    },
    async reset() {
      await fetch(`${base}/__reset`, { method: "POST" });
    },
    /** Reads `pid`'s CPU halfway through each model wait (with MOCK_LATENCY_MS): the log's `cpuMidNs`. */
    async watch(pid) {
      await fetch(`${base}/__watch?pid=${pid}`, { method: "POST" });
    },
    stop() {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    },
  };
}

/**
 * `wrangler dev` against the mock; `spawnToReadyMs` is the time from spawning wrangler to a healthy /healthz.
 * `config` serves another Worker (a peer of bench/durable/) instead of the product's wrangler.toml.
 */
export async function startWorker(mock, vars = {}, config) {
  const { startWranglerDev } = await importTs("test/support/wrangler-dev.ts");
  const t0 = clock();
  const dev = await startWranglerDev({
    vars: { OPENAI_BASE_URL: mock.baseURL, OPENAI_API_KEY: "sk-bench", MODEL: "bench-model", MODEL_MAX_RETRIES: "0", ...vars },
    args: config ? ["--config", config] : [],
    // wrangler's local observability off: on by default, it streams every invocation's events to a collector
    // Worker inside the same workerd process, which costs CPU in every invocation (~4–5 ms of a step
    // invocation); Cloudflare collects Workers Logs outside the Worker.
    env: { X_LOCAL_OBSERVABILITY: "false" },
    timeoutMs: 180_000,
  });
  const spawnToReadyMs = clock() - t0;
  return { ...dev, spawnToReadyMs, processes: () => devProcesses(new URL(dev.url).port) };
}

/** The wrangler process group serving `port`: its workerd processes (the proxy on the port, the Worker on :0) and Node processes. */
export function devProcesses(port) {
  const procs = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      procs.push({ pid: Number(pid), pgid: Number(fields[2]), cmd });
    } catch {
      // gone
    }
  }
  const wrangler = procs.find((p) => p.cmd.includes("wrangler") && p.cmd.includes(` dev `) && p.cmd.includes(`--port ${port}`));
  if (!wrangler) return [];
  return procs
    .filter((p) => p.pgid === wrangler.pgid)
    .map((p) => ({
      pid: p.pid,
      role: p.cmd.includes("workerd")
        ? p.cmd.includes(`entry=127.0.0.1:${port}`)
          ? "workerd (proxy on the dev port)"
          : "workerd (the Worker)"
        : "wrangler (node)",
    }));
}

/** CPU nanoseconds of a process's main thread: in workerd, the thread that runs the isolate's JavaScript (V8's collector and compiler helpers are threads of their own). */
export function mainThreadCpuNs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return NaN;
  }
}

/** CPU nanoseconds of a process, all threads. */
export function cpuNs(pid) {
  let ns = 0;
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return NaN;
  }
  return ns;
}

let runSeq = 0;
const decoder = new TextDecoder();

/**
 * One run over HTTP with an SSE stream, read to the end. `steps` model tool rounds of `parallel` calculate
 * calls (or, with `fetchUrl`, one fetch_webpage call of that URL), then "done". Times are epoch ms: posted, first byte of the stream, end of the stream. With
 * `stream: false` the run is posted without a stream and its JSON answer read instead.
 */
export async function streamRun(url, sessionId, { steps = 10, parallel = 1, stream = true, fetchUrl } = {}) {
  const key = `${sessionId}.${++runSeq}`;
  const posted = clock();
  let firstByte = null;
  let status = null;
  let error = null;
  let text = "";
  try {
    const res = await fetch(`${url}/v1/sessions/${encodeURIComponent(sessionId)}/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(stream ? { accept: "text/event-stream" } : {}) },
      body: JSON.stringify({
        input: fetchUrl
          ? `[[bench:${key}:${steps}:${parallel}]] [[fetch:${fetchUrl}]] Read the page.`
          : `[[bench:${key}:${steps}:${parallel}]] Work it out with the calculator.`,
        stream,
      }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
    if (!stream) {
      const run = await res.json();
      firstByte = clock();
      status = run.status;
      if (status !== "completed") error = `run ended ${status}`;
      return { key, sessionId, steps, parallel, posted, firstByte, ended: clock(), status, error, bytes: 0 };
    }
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByte ??= clock();
      text += decoder.decode(value, { stream: true });
    }
    const end = text.lastIndexOf("event: run.completed");
    const failed = text.lastIndexOf("event: run.failed");
    if (end >= 0) status = JSON.parse(text.slice(end).split("\n")[1].slice(6)).status;
    else if (failed >= 0) {
      status = "failed";
      error = text.slice(failed).split("\n")[1].slice(6, 400);
    } else status = "no terminal event";
    if (status !== "completed") error ??= `run ended ${status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  return { key, sessionId, steps, parallel, posted, firstByte, ended: clock(), status, error, bytes: text.length };
}

/**
 * Worker-side time of a run from the mock's log: `first` = POST → first model request (routing, the
 * Durable Object, loading history, building the request), `between` = end of one model answer → the
 * next request (reading it, running tools, persisting, building the next request), `last` = end of
 * the final answer → end of the client's stream.
 */
export function gapsOf(run, log) {
  const reqs = log.filter((e) => e.key === run.key).sort((a, b) => a.seq - b.seq);
  if (!reqs.length) return { requests: 0 };
  const between = [];
  for (let i = 1; i < reqs.length; i++) between.push(reqs[i].arrived - reqs[i - 1].ended);
  return {
    requests: reqs.length,
    first: reqs[0].arrived - run.posted,
    between,
    last: run.ended - reqs.at(-1).ended,
    firstByte: run.firstByte == null ? null : run.firstByte - run.posted,
    total: run.ended - run.posted,
    modelMs: reqs.reduce((a, e) => a + (e.ended - e.arrived), 0),
    bytesFirst: reqs[0].bytes,
    messagesFirst: reqs[0].messages,
    bytesLast: reqs.at(-1).bytes,
    messagesLast: reqs.at(-1).messages,
  };
}
