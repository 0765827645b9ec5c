// The CLI (scripts/cli.mjs) as a user runs it, against a fake of the Worker's run API: what it sends,
// what it prints while the run streams, where it says the lesson is, and its exit status.
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { FakeRunServer, type FakeReply, type SseEvent } from "../support/fake-run-server";
import { fromRoot } from "../support/paths";

const CLI = fromRoot("scripts/cli.mjs");

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], whileRunning?: (child: ChildProcess, stdout: () => string) => void, env: Record<string, string> = {}): Promise<Finished> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: "1", STUDYAGENT_URL: "", STUDYAGENT_TOKEN: "", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  whileRunning?.(child, () => stdout);
  return new Promise((done) => child.on("close", (code) => done({ code, stdout, stderr })));
}

const lessonRun: SseEvent[] = [
  { event: "run.started", data: { runId: "run_1" } },
  // The plan tool gets no line of its own: the plan printed after it shows what it did.
  { event: "tool.started", data: { callId: "c0", name: "todo_write", args: { todos: [] } } },
  { event: "tool.finished", data: { callId: "c0", name: "todo_write", status: "success", output: "" } },
  {
    event: "todo.updated",
    data: {
      todos: [
        { id: "1", text: "Find sources", status: "in_progress" },
        { id: "2", text: "Write the lesson", status: "pending" },
      ],
    },
  },
  { event: "tool.started", data: { callId: "c1", name: "web_search", args: { query: "calculus for beginners" } } },
  { event: "tool.finished", data: { callId: "c1", name: "web_search", status: "success", output: "[]" } },
  { event: "tool.started", data: { callId: "c2", name: "fetch_webpage", args: { url: "https://example.org/calculus" } } },
  { event: "tool.finished", data: { callId: "c2", name: "fetch_webpage", status: "error", output: "HTTP 404 from https://example.org/calculus\nmore" } },
  {
    event: "todo.updated",
    data: {
      todos: [
        { id: "1", text: "Find sources", status: "completed" },
        { id: "2", text: "Write the lesson", status: "in_progress" },
      ],
    },
  },
  { event: "tool.started", data: { callId: "c3", name: "save_document", args: { filename: "calculus-basics", content: "# Calculus" } } },
  {
    event: "tool.finished",
    data: {
      callId: "c3",
      name: "save_document",
      status: "success",
      output: 'Saved the lesson "Calculus" as lessons/calculus-basics.md (10 bytes), link: /v1/lessons/calculus-basics.md.',
    },
  },
  { event: "text.delta", data: { delta: "Your lesson " } },
  { event: "text.delta", data: { delta: "is ready." } },
  {
    event: "run.completed",
    data: {
      runId: "run_1",
      status: "completed",
      output: "Your lesson is ready.",
      steps: 4,
      usage: { promptTokens: 900, completionTokens: 100, totalTokens: 1000 },
    },
  },
];

let server: FakeRunServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fake(respond: () => FakeReply): Promise<FakeRunServer> {
  server = await new FakeRunServer(respond).listen();
  return server;
}

describe("npm run cli", () => {
  it("streams a run: text, tool lines, the plan as it changes, the saved lesson and the usage", async () => {
    const worker = await fake(() => ({ events: lessonRun }));
    const { code, stdout } = await runCli(["I want to learn calculus", "--url", worker.url, "--token", "t0k", "--session", "s-cli"]);
    expect(code).toBe(0);
    expect(worker.calls).toHaveLength(1);
    expect(worker.calls[0]).toMatchObject({ method: "POST", path: "/v1/sessions/s-cli/runs", body: { input: "I want to learn calculus", stream: true } });
    expect(worker.calls[0]!.headers.authorization).toBe("Bearer t0k");
    expect(stdout).toBe(
      [
        "Plan (0/2 done):",
        "  [>] Find sources",
        "  [ ] Write the lesson",
        "› web_search · calculus for beginners",
        "› fetch_webpage · https://example.org/calculus",
        "  ✗ fetch_webpage: HTTP 404 from https://example.org/calculus",
        "Plan (1/2 done):",
        "  [x] Find sources",
        "  [>] Write the lesson",
        "› save_document · calculus-basics",
        "Your lesson is ready.",
        "",
        `Lesson saved: ${worker.url}/v1/lessons/calculus-basics.md`,
        "Run completed · 4 steps · 1000 tokens (900 in, 100 out)",
        "",
      ].join("\n"),
    );
  });

  it("starts a new session when none is given, and prints its id", async () => {
    const worker = await fake(() => ({ events: lessonRun }));
    const { code, stdout } = await runCli(["hello", "--url", worker.url]);
    expect(code).toBe(0);
    const id = /^Session: (cli-[0-9a-f]{8}) \(continue it with --session \1\)$/m.exec(stdout)?.[1];
    expect(id).toBeDefined();
    expect(worker.calls[0]!.path).toBe(`/v1/sessions/${id}/runs`);
    expect(worker.calls[0]!.headers.authorization).toBeUndefined();
  });

  it("cancels the run on Ctrl-C and exits 3 once the run says so", async () => {
    const worker = await fake(() => ({
      runId: "run_slow",
      events: [
        { event: "run.started", data: { runId: "run_slow" } },
        { event: "text.delta", data: { delta: "Thinking" } },
      ],
      afterCancel: [
        {
          event: "run.completed",
          data: { runId: "run_slow", status: "cancelled", output: "", steps: 1, usage: { promptTokens: 5, completionTokens: 1, totalTokens: 6 } },
        },
      ],
    }));
    const { code, stdout } = await runCli(["slow topic", "--url", worker.url, "--session", "s-slow"], (child, out) => {
      const timer = setInterval(() => {
        if (out().includes("Thinking")) {
          clearInterval(timer);
          child.kill("SIGINT");
        }
      }, 20);
    });
    expect(worker.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /v1/sessions/s-slow/runs", "POST /v1/sessions/s-slow/runs/run_slow/cancel"]);
    expect(stdout).toContain("Run cancelled · 1 step · 6 tokens");
    expect(code).toBe(3);
  });

  it("exits 1 with the reason when the run fails or the worker refuses", async () => {
    const failing = await fake(() => ({
      events: [{ event: "run.failed", data: { runId: "r", error: { code: "model_unavailable", message: "The model kept failing." } } }],
    }));
    const failed = await runCli(["topic", "--url", failing.url, "--session", "s1"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("Run failed: model_unavailable: The model kept failing.");
    await failing.close();

    server = await new FakeRunServer(() => ({ status: 401, json: { error: { code: "unauthorized", message: "no" } } })).listen();
    const refused = await runCli(["topic", "--url", server.url, "--session", "s1"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("pass --token");
  });

  describe("a 401: the worker's own words, and advice that fits its code and the token sent", () => {
    const noApiToken = {
      code: "api_token_required",
      message: "No API_TOKEN is set, so this API answers only clients on this machine (loopback connections to localhost).",
    };
    const badToken = { code: "unauthorized", message: "A valid Authorization: Bearer <API_TOKEN or a key of API_KEYS> header is required." };
    const refusing = (error: { code: string; message: string }) => fake(() => ({ status: 401, json: { error } }));

    it("a worker with no API_TOKEN: a token cannot help, whether one was passed or not", async () => {
      const worker = await refusing(noApiToken);
      for (const token of [["--token", "abc"], []]) {
        const { code, stderr } = await runCli(["topic", "--url", worker.url, "--session", "s1", ...token]);
        expect(code).toBe(1);
        expect(stderr).toContain(`The worker answered 401: api_token_required: ${noApiToken.message}`);
        expect(stderr).toContain("ALLOW_ANONYMOUS=true");
        expect(stderr).not.toContain("pass --token");
      }
      expect(worker.calls.map((c) => c.headers.authorization)).toEqual(["Bearer abc", undefined]);
    });

    it("a token refused says so, naming where it came from; none sent says to pass one", async () => {
      const worker = await refusing(badToken);
      const passed = await runCli(["topic", "--url", worker.url, "--session", "s1", "--token", "wrong"]);
      expect(passed.code).toBe(1);
      expect(passed.stderr).toContain(`The worker answered 401: unauthorized: ${badToken.message}`);
      expect(passed.stderr).toContain("The worker refused the token given with --token");
      expect(passed.stderr).not.toContain("pass --token");

      const fromEnv = await runCli(["topic", "--url", worker.url, "--session", "s1"], undefined, { STUDYAGENT_TOKEN: "wrong" });
      expect(fromEnv.stderr).toContain("The worker refused the token given with STUDYAGENT_TOKEN");

      const none = await runCli(["topic", "--url", worker.url, "--session", "s1"]);
      expect(none.stderr).toContain(`The worker answered 401: unauthorized: ${badToken.message}`);
      expect(none.stderr).toContain("No token was sent: pass --token (or set STUDYAGENT_TOKEN)");
    });
  });

  it("exits 3 when an MCP server asks a question, printing it and how to answer", async () => {
    const worker = await fake(() => ({
      runId: "run_q",
      events: [
        { event: "run.started", data: { runId: "run_q" } },
        {
          event: "input.required",
          data: {
            inputId: "inp_1",
            server: "everything",
            message: "Pick a colour",
            requestedSchema: {
              type: "object",
              properties: {
                colour: { type: "string", enum: ["red", "green"] },
                shade: { type: "integer", title: "Shade" },
                toppings: { type: "array", items: { anyOf: [{ const: "nuts", title: "Nuts" }, { const: "cream" }] } },
              },
              required: ["colour"],
            },
            expiresAt: "2031-01-01T00:00:00Z",
          },
        },
      ],
    }));
    const { code, stdout, stderr } = await runCli(["topic", "--url", worker.url, "--session", "s-q"]);
    expect(stderr).toBe("");
    expect(code).toBe(3);
    expect(stdout).toBe(
      [
        "everything asks: Pick a colour",
        '  fields: colour (required, one of "red", "green"), shade (integer), toppings (a list of "nuts", "cream")',
        `Waiting for the answer: POST ${worker.url}/v1/sessions/s-q/inputs/inp_1 {"action":"accept","content":{…}} (or {"action":"decline"} or {"action":"cancel"})`,
        "",
        "",
      ].join("\n"),
    );
  });

  it("refuses a bad --session or --url as bad usage (exit 2), naming it, before asking the worker", async () => {
    const worker = await fake(() => ({ events: lessonRun }));
    const cases: Array<[string[], Record<string, string>, string]> = [
      [["--session", "", "--url", worker.url], {}, 'bad --session "": an id is 1-128 characters of A-Z a-z 0-9 . _ : -'],
      [["--session", "a/b", "--url", worker.url], {}, 'bad --session "a/b"'],
      [["--session", "x".repeat(129), "--url", worker.url], {}, "bad --session"],
      [["--url="], {}, 'bad --url "": give an http:// or https:// URL, such as http://127.0.0.1:8787'],
      [["--url", "127.0.0.1:8787"], {}, 'bad --url "127.0.0.1:8787": give an http:// or https:// URL'],
      [["--url", "ftp://127.0.0.1"], {}, 'bad --url "ftp://127.0.0.1": give an http:// or https:// URL'],
      [["--url", `${worker.url}/?x=1`], {}, "bad --url"],
      [[], { STUDYAGENT_URL: "localhost:8787" }, 'bad STUDYAGENT_URL "localhost:8787"'],
    ];
    for (const [args, env, message] of cases) {
      const { code, stdout, stderr } = await runCli(["topic", ...args], undefined, env);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toContain(message);
      expect(stderr).toContain("Usage: npm run cli");
      expect(stdout).toBe("");
    }
    expect(worker.calls).toEqual([]);
    // Help is help, whatever the environment holds.
    expect((await runCli(["-h"], undefined, { STUDYAGENT_URL: "localhost:8787" })).code).toBe(0);
  });

  it("explains its usage when there is nothing to ask", async () => {
    const { code, stderr } = await runCli([]);
    expect(code).toBe(2);
    expect(stderr).toContain('npm run cli -- "<what you want to learn>"');
  });
});
