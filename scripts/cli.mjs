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

Exit status: 0 the run completed, 1 it failed or the worker could not be reached, 2 bad usage,
3 it ended otherwise (cancelled, step limit, waiting for approval). Ctrl-C cancels the run.`;

const MARKS = { completed: "[x]", in_progress: "[>]", pending: "[ ]" };

function parse(argv) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string", default: process.env.STUDYAGENT_URL || "http://127.0.0.1:8787" },
        token: { type: "string", default: process.env.STUDYAGENT_TOKEN || undefined },
        session: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    return { ...values, input: positionals.join(" ").trim() };
  } catch (e) {
    return { error: e.message };
  }
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
    console.error(explain(e, base));
    return 1;
  }

  // Ctrl-C once cancels the run (its end still streams in); twice quits at once.
  let interrupted = false;
  process.on("SIGINT", () => {
    if (interrupted || !run.runId) process.exit(130);
    interrupted = true;
    out.line("Cancelling… (Ctrl-C again to quit)", { faint: true });
    api.cancelRun(sessionId, run.runId).catch((e) => console.error(explain(e, base)));
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
      } else if (event === "run.completed") end = data;
      else if (event === "run.failed") end = { status: "failed", error: data.error };

      if (event === "tool.finished" && data.name === "save_document" && data.status !== "error") {
        const key = savedLessonKey(data.output);
        if (key) lesson = { url: `${base}/v1/lessons/${key}`, draft: data.status === "partial" };
      }
    }
  } catch (e) {
    console.error(explain(e, base));
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

function explain(e, base) {
  if (e instanceof ApiError && e.status === 401) return "The worker wants an API token: pass --token (or set STUDYAGENT_TOKEN).";
  if (e instanceof ApiError) return `The worker answered ${e.status}: ${e.code}: ${e.message}`;
  if (e instanceof TypeError) return `Could not reach ${base} (${e.cause?.code ?? e.message}). Is the worker running (npm start)?`;
  return e instanceof Error ? e.message : String(e);
}

const status = await main();
// An idle keep-alive connection would hold the process for seconds: leave once the output is out.
process.stdout.write("", () => process.stderr.write("", () => process.exit(status)));
