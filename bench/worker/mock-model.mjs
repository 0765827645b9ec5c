// Scripted OpenAI-compatible Chat Completions server for the Worker benchmarks (zero model latency
// unless MOCK_LATENCY_MS is set). A run's input carries `[[bench:KEY:STEPS:PARALLEL]]`: the model then
// asks for PARALLEL `calculate` calls per step, STEPS times, and answers "done". A request without a
// marker or without tools (a compaction summary) gets a short text answer. With `[[fetch:URL]]` in the
// input too, each tool round is one fetch_webpage call of that URL instead. Every request is logged with
// wall-clock times (ms since the epoch, sub-millisecond) so the driver can see the gaps between steps.
//
// With MOCK_LATENCY_MS and a process to watch (POST /__watch?pid=N), each entry also gets that process's
// CPU read halfway through the wait (`cpuMidNs`; `mainCpuMidNs` its main thread's), when it is idle waiting for this answer: the free-plan
// bench cuts the Worker process's CPU into the work between model calls there.
//
//   node bench/worker/mock-model.mjs <port>      prints "READY <port>"; GET /__log?after=N, POST /__reset, GET /__stats, POST /__watch?pid=N
import http from "node:http";
import { performance } from "node:perf_hooks";
import { cpuNs, mainThreadCpuNs } from "./lib.mjs";

const port = Number(process.argv[2] || 0);
const LATENCY = Number(process.env.MOCK_LATENCY_MS || 0);
const MARKER = /\[\[bench:([A-Za-z0-9_.-]+):(\d+):(\d+)\]\]/;
const FETCH = /\[\[fetch:(\S+?)\]\]/;
const clock = () => performance.timeOrigin + performance.now();
let log = [];
let seq = 0;
let watched = 0;

function textOf(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p.text === "string" ? p.text : "")).join("");
  return "";
}

/** What this request is: the run's marker (from its last user message) and the tool rounds since. */
function inspect(body) {
  const msgs = Array.isArray(body.messages) ? body.messages : [];
  // A request without tools is a summarizer's (compaction): its transcript quotes the markers.
  if (!Array.isArray(body.tools) || !body.tools.length) return { key: null, messages: msgs.length };
  let lastUser = -1;
  for (let i = msgs.length - 1; i >= 0; i--) {
    if (msgs[i]?.role === "user" && MARKER.test(textOf(msgs[i].content))) {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) return { key: null, messages: msgs.length };
  const input = textOf(msgs[lastUser].content);
  const [, key, steps, parallel] = input.match(MARKER);
  let rounds = 0;
  for (let i = lastUser + 1; i < msgs.length; i++) if (msgs[i]?.role === "assistant" && msgs[i].tool_calls?.length) rounds++;
  // `[[fetch:URL]]`: the tool rounds read that page with fetch_webpage instead (the page-trip bench).
  const fetchUrl = input.match(FETCH)?.[1];
  return { key, steps: Number(steps), parallel: Number(parallel), rounds, messages: msgs.length, fetchUrl };
}

function reply(info) {
  if (!info.key) return { text: "Summary: the user asked for arithmetic; the calculator answered every time." };
  if (info.fetchUrl && info.rounds < info.steps)
    return { calls: [{ id: `call_${seq}_0`, name: "fetch_webpage", args: JSON.stringify({ url: info.fetchUrl }) }] };
  if (info.rounds < info.steps) {
    const calls = [];
    for (let j = 0; j < info.parallel; j++)
      calls.push({ id: `call_${seq}_${j}`, name: "calculate", args: JSON.stringify({ expression: `${info.rounds}+${j + 1}` }) });
    return { calls };
  }
  return { text: "done" };
}

const usage = (bytes) => ({ prompt_tokens: Math.max(1, Math.round(bytes / 4)), completion_tokens: 7, total_tokens: Math.round(bytes / 4) + 7 });

function send(res, body, r, bytes, done) {
  const id = `chatcmpl-${seq}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model || "bench-model";
  if (!body.stream) {
    const message = r.calls
      ? { role: "assistant", content: null, tool_calls: r.calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.args } })) }
      : { role: "assistant", content: r.text };
    const payload = JSON.stringify({
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message, finish_reason: r.calls ? "tool_calls" : "stop" }],
      usage: usage(bytes),
    });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
    res.end(payload, done);
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunk = (delta, finish = null, extra = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
  let out = chunk({ role: "assistant", content: r.calls ? null : "" });
  if (r.calls) {
    r.calls.forEach((c, index) => {
      out += chunk({ tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }] });
      const a = c.args,
        k = Math.ceil(a.length / 3);
      for (let i = 0; i < a.length; i += k) out += chunk({ tool_calls: [{ index, function: { arguments: a.slice(i, i + k) } }] });
    });
    out += chunk({}, "tool_calls");
  } else {
    for (const piece of r.text.match(/.{1,8}/gs)) out += chunk({ content: piece });
    out += chunk({}, "stop");
  }
  if (body.stream_options?.include_usage)
    out += `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage: usage(bytes) })}\n\n`;
  out += "data: [DONE]\n\n";
  for (const part of out.split("\n\n").filter(Boolean)) res.write(part + "\n\n");
  res.end(done);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (req.method === "GET" && url.pathname === "/__log") {
    const after = Number(url.searchParams.get("after") || 0);
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(log.filter((e) => e.seq > after)));
  }
  if (req.method === "POST" && url.pathname === "/__reset") {
    log = [];
    res.writeHead(204);
    return res.end();
  }
  if (req.method === "POST" && url.pathname === "/__watch") {
    watched = Number(url.searchParams.get("pid"));
    res.writeHead(204);
    return res.end();
  }
  if (req.method === "GET" && url.pathname === "/__stats") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify({ requests: seq, cpu: process.cpuUsage() }));
  }
  const arrived = clock();
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: { message: `mock: unsupported ${req.method} ${url.pathname}`, type: "invalid_request_error" } }));
    }
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString("utf8"));
    const info = inspect(body);
    const entry = {
      seq: ++seq,
      key: info.key,
      arrived,
      received: clock(),
      bytes: raw.length,
      messages: info.messages,
      stream: !!body.stream,
      round: info.rounds ?? null,
    };
    log.push(entry);
    const go = () => send(res, body, reply(info), raw.length, () => (entry.ended = clock()));
    if (LATENCY) {
      if (watched)
        setTimeout(() => {
          entry.cpuMidNs = cpuNs(watched);
          entry.mainCpuMidNs = mainThreadCpuNs(watched);
        }, LATENCY / 2);
      setTimeout(go, LATENCY);
    } else go();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => process.stdout.write(`READY ${server.address().port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
