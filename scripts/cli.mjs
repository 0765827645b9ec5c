#!/usr/bin/env node
// The StudyAgent CLI: asks a local or deployed worker to run, and prints the run as it streams:
// the agent's text, its tool calls, its todo list when it changes, and where the lesson was saved.
//   npm run cli -- "I want to learn calculus" [--url URL] [--token TOKEN] [--session ID]
// Plain Node ESM (no build step); it shares the web page's API client and SSE reader.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { planProgress, savedLessonKey, toolLine } from "../public/js/activity.js";
import { ApiError, createApi } from "../public/js/api.js";

const USAGE = `Usage: npm run cli -- "<what you want to learn>" [options]

Options:
  --url URL        the worker (default: $STUDYAGENT_URL or http://127.0.0.1:8787)
  --token TOKEN    the API token, when the worker sets API_TOKEN (default: $STUDYAGENT_TOKEN)
  --session ID     continue this session (default: a new one, printed)
  -h, --help       this text

Exit status: 0 the run completed, 1 it failed or the worker could not be reached or refused it,
2 bad usage, 3 it ended otherwise (cancelled, step limit, waiting for an approval or an answer). Ctrl-C cancels the run.`;

const MARKS = { completed: "[x]", in_progress: "[>]", pending: "[ ]" };

// The API's id rule (src/http-kit/validation.ts, docs/api.md "Errors").
const ID = /^[A-Za-z0-9._:-]{1,128}$/;

function parse(argv) {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        token: { type: "string" },
        session: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return { error: e.message };
  }
  if (values.help) return { help: true };
  // Where the URL and the token came from, to name it when it is wrong.
  const [url, urlFrom] =
    values.url !== undefined ? [values.url, "--url"] : process.env.STUDYAGENT_URL ? [process.env.STUDYAGENT_URL, "STUDYAGENT_URL"] : ["http://127.0.0.1:8787"];
  const [token, tokenFrom] =
    values.token !== undefined ? [values.token, "--token"] : process.env.STUDYAGENT_TOKEN ? [process.env.STUDYAGENT_TOKEN, "STUDYAGENT_TOKEN"] : [];
  const urlError = badUrl(url);
  if (urlError) return { error: `bad ${urlFrom} ${JSON.stringify(url)}: ${urlError}` };
  if (values.session !== undefined && !ID.test(values.session))
    return { error: `bad --session ${JSON.stringify(values.session)}: an id is 1-128 characters of A-Z a-z 0-9 . _ : -` };
  return { ...values, url, token, tokenFrom: token ? tokenFrom : undefined, input: positionals.join(" ").trim() };
}

/** Why the worker's URL cannot be used (the API's paths are appended to it), or undefined. */
function badUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    // "127.0.0.1:8787" (no scheme) and "" land here; "localhost:8787" parses, with the scheme "localhost:".
  }
  if (u?.protocol !== "http:" && u?.protocol !== "https:") return "give an http:// or https:// URL, such as http://127.0.0.1:8787";
  if (u.search || u.hash) return "the API's paths are appended to it: leave out the ?query and #fragment";
  return undefined;
}

/** Writes to stdout, remembering whether the cursor is at the start of a line. */
function createOutput(stream) {
  let atLineStart = true;
  const dim = stream.isTTY && !process.env.NO_COLOR ? (s) => `\x1b[2m${s}\x1b[22m` : (s) => s;
  return {
    text(s) {
      if (!s) return;
      stream.write(s);
      atLineStart = s.endsWith("\n");
    },
    /** A line of its own, dimmed on a terminal. */
    line(s = "", { faint = false } = {}) {
      stream.write(`${atLineStart ? "" : "\n"}${faint ? dim(s) : s}\n`);
      atLineStart = true;
    },
  };
}

function planLines(todos) {
  const { done, total } = planProgress(todos);
  return [`Plan (${done}/${total} done):`, ...todos.map((t) => `  ${MARKS[t.status] ?? "[ ]"} ${t.text}`)];
}

function usageLine(data) {
  const u = data.usage ?? {};
  const steps = `${data.steps} step${data.steps === 1 ? "" : "s"}`;
  return `Run ${data.status} · ${steps} · ${u.totalTokens ?? 0} tokens (${u.promptTokens ?? 0} in, ${u.completionTokens ?? 0} out)`;
}

async function main() {
  const args = parse(process.argv.slice(2));
  if (args.help) return (console.log(USAGE), 0);
  if (args.error || !args.input) {
    console.error(args.error ? `${args.error}\n\n${USAGE}` : USAGE);
    return 2;
  }
  const base = args.url.replace(/\/+$/, "");
  const api = createApi({ baseUrl: base, token: () => args.token });
  const out = createOutput(process.stdout);
  const sessionId = args.session ?? `cli-${randomUUID().slice(0, 8)}`;
  if (!args.session) out.line(`Session: ${sessionId} (continue it with --session ${sessionId})`, { faint: true });

  let run;
  try {
    run = await api.streamRun(sessionId, args.input);
  } catch (e) {
    console.error(explain(e, base, args.tokenFrom));
    return 1;
  }

  // Ctrl-C once cancels the run (its end still streams in); twice quits at once.
  let interrupted = false;
  process.on("SIGINT", () => {
    if (interrupted || !run.runId) process.exit(130);
    interrupted = true;
    out.line("Cancelling… (Ctrl-C again to quit)", { faint: true });
    api.cancelRun(sessionId, run.runId).catch((e) => console.error(explain(e, base, args.tokenFrom)));
  });

  let lesson = null;
  let end = null;
  try {
    for await (const { event, data } of run.events) {
      if (event === "run.started") run.runId ??= data.runId;
      else if (event === "text.delta" && !data.agent) out.text(data.delta);
      else if (event === "tool.started" && toolLine(data.name, data.args) !== null) out.line(`› ${toolLine(data.name, data.args)}`, { faint: true });
      else if (event === "tool.finished" && data.status === "error") out.line(`  ✗ ${data.name}: ${String(data.output).split("\n")[0]}`, { faint: true });
      else if (event === "todo.updated") for (const l of planLines(data.todos)) out.line(l, { faint: true });
      else if (event === "approval.required") {
        out.line(`Waiting for approval to run ${data.name}: POST ${base}/v1/sessions/${sessionId}/approvals/${data.approvalId} {"decision":"allow"}`);
        end = { status: "awaiting_approval" };
      } else if (event === "input.required") {
        for (const l of inputLines(data, `${base}/v1/sessions/${sessionId}/inputs/${data.inputId}`)) out.line(l);
        end = { status: "awaiting_input" };
      } else if (event === "run.completed") end = data;
      else if (event === "run.failed") end = { status: "failed", error: data.error };

      if (event === "tool.finished" && data.name === "save_document" && data.status !== "error") {
        const key = savedLessonKey(data.output);
        if (key) lesson = { url: `${base}/v1/lessons/${key}`, draft: data.status === "partial" };
      }
    }
  } catch (e) {
    console.error(explain(e, base, args.tokenFrom));
    return 1;
  }

  out.line();
  if (lesson) out.line(`${lesson.draft ? "Lesson saved as a draft" : "Lesson saved"}: ${lesson.url}`);
  if (!end) {
    console.error(`The stream ended before the run did; see ${base}/v1/sessions/${sessionId}/runs/${run.runId}`);
    return 1;
  }
  if (end.status === "failed") {
    console.error(`Run failed: ${end.error?.code ?? "error"}: ${end.error?.message ?? ""}`);
    return 1;
  }
  if (end.steps !== undefined) out.line(usageLine(end), { faint: true });
  return end.status === "completed" ? 0 : 3;
}

/** An MCP server's question (input.required, docs/api.md "Inputs"): what it asks, its fields, and where to answer. */
function inputLines({ server, message, requestedSchema }, answerUrl) {
  const required = new Set(requestedSchema?.required ?? []);
  const choices = (p) => {
    const consts = p?.oneOf ?? p?.anyOf;
    const values = Array.isArray(p?.enum) ? p.enum : Array.isArray(consts) && consts.every((o) => o && "const" in o) ? consts.map((o) => o.const) : null;
    return values && values.map((v) => JSON.stringify(v)).join(", ");
  };
  const fields = Object.entries(requestedSchema?.properties ?? {}).map(([name, p]) => {
    const one = choices(p);
    const many = p?.type === "array" && choices(p.items);
    const kind = one ? `one of ${one}` : many ? `a list of ${many}` : typeof p?.type === "string" ? p.type : "";
    const notes = [required.has(name) && "required", kind].filter(Boolean);
    return notes.length ? `${name} (${notes.join(", ")})` : name;
  });
  return [
    `${server} asks: ${message}`,
    ...(fields.length ? [`  fields: ${fields.join(", ")}`] : []),
    `Waiting for the answer: POST ${answerUrl} {"action":"accept","content":{…}} (or {"action":"decline"} or {"action":"cancel"})`,
  ];
}

/** The advice a 401 calls for: by the worker's code, and whether a token was sent (`tokenFrom`: where it came from). */
function authAdvice(code, tokenFrom) {
  if (code === "api_token_required")
    return `The worker has no API_TOKEN (nor API_KEYS), so ${tokenFrom ? `it does not read the token given with ${tokenFrom}` : "a token cannot help"}. Set API_TOKEN on the worker (then pass it with --token) or ALLOW_ANONYMOUS=true there, or run the CLI on the worker's machine against localhost.`;
  if (tokenFrom) return `The worker refused the token given with ${tokenFrom}: pass its API_TOKEN, or a key of its API_KEYS.`;
  return "No token was sent: pass --token (or set STUDYAGENT_TOKEN).";
}

function explain(e, base, tokenFrom) {
  if (e instanceof ApiError && e.status === 401) return `The worker answered 401: ${e.code}: ${e.message}\n${authAdvice(e.code, tokenFrom)}`;
  if (e instanceof ApiError) return `The worker answered ${e.status}: ${e.code}: ${e.message}`;
  if (e instanceof TypeError) return `Could not reach ${base} (${e.cause?.code ?? e.message}). Is the worker running (npm start)?`;
  return e instanceof Error ? e.message : String(e);
}

const status = await main();
// An idle keep-alive connection would hold the process for seconds: leave once the output is out.
process.stdout.write("", () => process.stderr.write("", () => process.exit(status)));
