// An MCP server's question during a tool call (elicitation) pauses the run, end to end: the Worker under
// `wrangler dev` (real Session Durable Objects) with the official reference server, server-everything,
// whose trigger-elicitation-request tool asks for a form (one required field, defaults on others). The
// run goes awaiting_input with the question in `pending`, the stream ends after input.required, and
// POST /v1/sessions/:id/inputs/:inputId answers it: accept (defaults applied, SEP-1034), invalid
// content (400 with the field errors), decline, cancel, and expiry (INPUT_TTL_MS) each resume the run.
// A course's scheduled lesson run, which no one watches, declines at once. The other ways in end their
// streams cleanly at the pause (Chat Completions, Responses, the AI SDK UI stream), and the Worker's own
// MCP server passes the question on to its client when that client can answer forms.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SseReader } from "../support/sse-reader";
import { waitFor } from "../support/wait-for";
import { workerWithEverything } from "../support/worker-with-everything";

const TOOL = "mcp__ev__trigger-elicitation-request";
const INPUT_TTL_MS = 6_000;
const { model, url } = workerWithEverything({ INPUT_TTL_MS: String(INPUT_TTL_MS) });

const api = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${url()}${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: { ...(init.json === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });

interface Paused {
  sid: string;
  runId: string;
  key: string;
  inputId: string;
  stream: SseReader;
}

/** Starts a streamed run whose model calls the eliciting tool, then answers with `after`'s text; reads the stream to its end. */
async function pausedRun(name: string): Promise<Paused> {
  const key = `${name}-${Date.now()}`;
  const marker = model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: `${name}: done.` }]);
  const sid = `elicit-${key}`;
  const res = await api(`/v1/sessions/${sid}/runs`, { json: { input: `${marker} ask me`, stream: true } });
  expect(res.status).toBe(200);
  const runId = res.headers.get("x-run-id")!;
  const stream = new SseReader(res);
  const events = await stream.rest();
  const asked = events.at(-1)!;
  expect(asked.event).toBe("input.required");
  return { sid, runId, key, inputId: String(asked.data.inputId), stream };
}

async function runOf(p: Paused) {
  return (await (await api(`/v1/sessions/${p.sid}/runs/${p.runId}`)).json()) as Record<string, unknown>;
}

/** Follows the resumed run from `after` to its end. */
async function follow(p: Paused, after: number) {
  return new SseReader(await api(`/v1/sessions/${p.sid}/runs/${p.runId}/stream?after=${after}`)).rest();
}

type Trace = { events: Array<{ type: string; at: string; data: Record<string, unknown> }> };

/** What the eliciting tool told the model (its tool message in the model's second request). */
const toolResult = (p: Paused) => String(model.requests(p.key)[1]?.messages.find((m) => m.role === "tool")?.content ?? "");

// The question left to expire is asked before every test and looked at after them all: its INPUT_TTL_MS runs out
// while they run, not in a wait of its own.
let expiring: Promise<Paused>;
beforeAll(() => {
  expiring = pausedRun("expiry");
  // Awaited by its test; a failure here must not go unhandled before that.
  expiring.catch(() => undefined);
});

describe("an MCP server's question pauses the run until someone answers", () => {
  it("accept: the stream ends at input.required, the run waits with the question in pending, and the answer (defaults applied) resumes it", async () => {
    const p = await pausedRun("accept");
    const asked = p.stream.seen.at(-1)!;
    expect(asked.data).toMatchObject({ server: "ev", message: "Please provide inputs for the following fields:", requestedSchema: { required: ["name"] } });
    const run = await runOf(p);
    expect(run.status).toBe("awaiting_input");
    expect(run.pending).toEqual([
      {
        kind: "input",
        inputId: p.inputId,
        server: "ev",
        message: asked.data.message,
        requestedSchema: asked.data.requestedSchema,
        expiresAt: asked.data.expiresAt,
      },
    ]);
    // Following the paused run's stream ends at once.
    expect(await follow(p, p.stream.lastSeq())).toEqual([]);

    const res = await api(`/v1/sessions/${p.sid}/inputs/${p.inputId}`, { json: { action: "accept", content: { name: "Ada Lovelace", check: true } } });
    expect(res.status).toBe(200);
    const answered = (await res.json()) as { seq: number; status: string; runId: string; action: string };
    expect(answered).toMatchObject({ inputId: p.inputId, runId: p.runId, action: "accept", status: "running", pendingInputs: 0 });

    const rest = await follow(p, p.stream.lastSeq());
    expect(rest.map((e) => e.event)).toEqual(expect.arrayContaining(["input.answered", "tool.finished", "run.completed"]));
    expect(rest.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", output: "accept: done." } });
    // The server got the answer with the form's defaults filled in (SEP-1034).
    const result = toolResult(p);
    expect(result).toContain("- Name: Ada Lovelace");
    expect(result).toContain("- Favorite Integer: 42");
    expect(result).toContain('"firstLine": "It was a dark and stormy night."');
    expect(result).toContain('"untitledSingleSelectEnum": "Monica"');
    // The trace keeps the question and who answered, not the content.
    const trace = (await (await api(`/v1/sessions/${p.sid}/events`)).json()) as Trace;
    const answeredEvent = trace.events.find((e) => e.type === "input.answered");
    expect(answeredEvent?.data).toEqual({ inputId: p.inputId, server: "ev", action: "accept", by: "api" });
    // A second answer is refused; a retry with the same Idempotency-Key was not sent, so this is a conflict.
    const again = await api(`/v1/sessions/${p.sid}/inputs/${p.inputId}`, { json: { action: "decline" } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("already_answered");
  });

  it("invalid content is a 400 listing the field errors, and leaves the question open", async () => {
    const p = await pausedRun("invalid");
    const url = `/v1/sessions/${p.sid}/inputs/${p.inputId}`;
    const res = await api(url, { json: { action: "accept", content: { email: "not-an-email", integer: 500, untitledSingleSelectEnum: "Gunther" } } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string; errors: string[] } };
    expect(error.code).toBe("invalid_content");
    for (const field of ["email", "integer", "untitledSingleSelectEnum"])
      expect(
        error.errors.some((e) => e.startsWith(`${field}:`)),
        field,
      ).toBe(true);
    expect(error.errors.some((e) => e.includes("name"))).toBe(true);
    // A body outside the contract is a 400 too; an unknown input a 404.
    expect((await api(url, { json: { action: "maybe" } })).status).toBe(400);
    expect((await api(url, { json: { action: "decline", content: {} } })).status).toBe(400);
    expect((await api(`/v1/sessions/${p.sid}/inputs/inp_unknown`, { json: { action: "decline" } })).status).toBe(404);
    expect((await runOf(p)).status).toBe("awaiting_input");

    // Then a valid answer, sent twice with one Idempotency-Key: answered once, the same outcome replayed.
    const headers = { "idempotency-key": `answer-${p.inputId}` };
    const first = await api(url, { json: { action: "accept", content: { name: "Grace" } }, headers });
    const second = await api(url, { json: { action: "accept", content: { name: "Grace" } }, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    expect((await api(url, { json: { action: "accept", content: { name: "Other" } }, headers })).status).toBe(422);
    expect((await follow(p, p.stream.lastSeq())).at(-1)).toMatchObject({ event: "run.completed" });
    expect(toolResult(p)).toContain("- Name: Grace");
  });

  it.each(["decline", "cancel"] as const)("%s: the server hears it and the run goes on", async (action) => {
    const p = await pausedRun(action);
    const res = await api(`/v1/sessions/${p.sid}/inputs/${p.inputId}`, { json: { action } });
    expect(res.status).toBe(200);
    expect((await follow(p, p.stream.lastSeq())).at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed" } });
    expect(toolResult(p)).toContain(action === "decline" ? "User declined" : "User cancelled");
  });
});

describe("a run no one watches", () => {
  it("a course's scheduled lesson run declines the question at once and goes on", async () => {
    const key = `course-${Date.now()}`;
    const marker = model.script(key, [{ text: "Here is the plan:\n1. What a vector is\n2. Adding vectors" }]);
    const created = await api("/v1/courses", { json: { topic: `${marker} Vectors`, cron: "0 8 * * *" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await waitFor(async () => ((await (await api(`/v1/courses/${id}`)).json()) as { status: string }).status !== "planning", "the course's plan");
    const lesson =
      "# Vectors — What a vector is\n\n## Chapter 1: What a vector is\n\n### Objectives\n- Explain vectors.\n\n### Summary\nA vector has a size and a direction.\n";
    model.script(key, [
      { toolCalls: [{ name: TOOL, args: {} }] },
      { toolCalls: [{ name: "save_document", args: { filename: `vectors-${key}`, title: "Vectors — What a vector is", topic: "vectors", content: lesson } }] },
      { text: "Today: what a vector is." },
    ]);
    // The cron tick, two days on: the course is due.
    const tick = await fetch(`${url()}/cdn-cgi/local/scheduled?time=${Date.now() + 2 * 86_400_000}`);
    expect(tick.status).toBe(200);
    const events = await waitFor(async () => {
      const res = await api(`/v1/sessions/${id}-lesson-1/events`);
      const { events } = res.status === 200 ? ((await res.json()) as Trace) : { events: [] };
      return events.some((e) => e.type === "run.completed" || e.type === "run.failed") && events;
    }, "the lesson run's end");
    expect(events.map((e) => e.type)).not.toContain("input.required");
    expect(events.find((e) => e.type === "warning" && e.data.code === "mcp_input_declined")?.data.message).toContain("no one watches this run");
    expect(events.find((e) => e.type === "run.completed")?.data).toMatchObject({ status: "completed", output: "Today: what a vector is." });
    expect(
      String(
        model
          .requests(key)
          .at(-2)
          ?.messages.find((m) => m.role === "tool")?.content,
      ),
    ).toContain("User declined");
  }, 30_000);
});

describe("the other ways in, at a run paused on a question", () => {
  const askingScript = (key: string) => model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: "Thanks." }]);

  it("Chat Completions: the stream says what is asked and ends with [DONE]; without streaming a 200", async () => {
    const key = `chat-${Date.now()}`;
    const res = await api("/v1/chat/completions", {
      json: { model: "study-agent", stream: true, messages: [{ role: "user", content: `${askingScript(key)} ask me` }] },
      headers: { "x-session-id": `chat-${key}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/› ⏸️ ❓ ev: Please provide inputs[^\n]* \(inp_\w+\)/u);
    expect(text.trim().endsWith("data: [DONE]")).toBe(true);
    const plain = await api("/v1/chat/completions", {
      json: { model: "study-agent", messages: [{ role: "user", content: `${askingScript(`${key}-2`)} ask me` }] },
      headers: { "x-session-id": `chat-${key}-2` },
    });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toContain("⏸️ ❓ ev: ");
  });

  it("Responses: the stream ends with response.incomplete (awaiting_input); without streaming a 200 incomplete response", async () => {
    const key = `resp-${Date.now()}`;
    const res = await api("/v1/responses", { json: { model: "study-agent", stream: true, input: `${askingScript(key)} ask me` } });
    expect(res.status).toBe(200);
    const events = (await res.text()).split("\n").filter((l) => l.startsWith("event: "));
    expect(events.at(-1)).toBe("event: response.incomplete");
    const plain = await api("/v1/responses", { json: { model: "study-agent", input: `${askingScript(`${key}-2`)} ask me` } });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ status: "incomplete", incomplete_details: { reason: "awaiting_input" } });
  });

  it("the AI SDK UI stream carries the question as a data-input part and finishes", async () => {
    const key = `ui-${Date.now()}`;
    const res = await api("/v1/ui/chat", {
      json: {
        id: `ui-${key}`,
        trigger: "submit-message",
        messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: `${askingScript(key)} ask me` }] }],
      },
    });
    expect(res.status).toBe(200);
    const chunks = (await res.text())
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)) as { type: string; data?: Record<string, unknown> });
    expect(chunks.find((c) => c.type === "data-input")?.data).toMatchObject({ server: "ev", message: "Please provide inputs for the following fields:" });
    expect(chunks.at(-1)?.type).toBe("finish");
  });

  async function studyClient(elicits: boolean): Promise<Client> {
    const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities: elicits ? { elicitation: { form: {} } } : {} });
    if (elicits) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { name: "Via MCP" } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url()}/mcp`)));
    return client;
  }

  it("the Worker's MCP server asks its own client the question when that client can elicit, and the run goes on", async () => {
    const key = `mcp-${Date.now()}`;
    const client = await studyClient(true);
    try {
      const result = (await client.callTool({ name: "ask", arguments: { input: `${askingScript(key)} ask me`, sessionId: `mcp-${key}` } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ status: "completed", summary: "Thanks." });
      expect(String(model.requests(key)[1]?.messages.find((m) => m.role === "tool")?.content)).toContain("- Name: Via MCP");
    } finally {
      await client.close();
    }
  });

  it("the Worker's MCP server tells a client that cannot elicit where to answer", async () => {
    const key = `mcp-plain-${Date.now()}`;
    const client = await studyClient(false);
    try {
      const result = (await client.callTool({ name: "ask", arguments: { input: `${askingScript(key)} ask me`, sessionId: `mcp-${key}` } })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ status: "awaiting_input" });
      expect((result.content[0] as { text: string }).text).toMatch(/waiting for an answer to ev's question .*\/v1\/sessions\/mcp-mcp-plain-\d+\/inputs\/inp_/);
    } finally {
      await client.close();
    }
  });
});

describe("a question no one answers", () => {
  it("is cancelled when INPUT_TTL_MS is up, and the run goes on", async () => {
    const p = await expiring;
    // The paused run's stream ended at once; the alarm settles the question when its time is up.
    await waitFor(async () => (await runOf(p)).status !== "awaiting_input", "the question's expiry");
    const rest = await follow(p, p.stream.lastSeq());
    expect(rest.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed" } });
    expect(rest.find((e) => e.event === "input.answered")?.data).toMatchObject({ inputId: p.inputId, action: "cancel", by: "expiry" });
    expect(toolResult(p)).toContain("User cancelled");
    // When: at its expiresAt, INPUT_TTL_MS after it was asked, not before and not long after (the session's own times).
    const { events } = (await (await api(`/v1/sessions/${p.sid}/events`)).json()) as Trace;
    const at = (type: string) => Date.parse(events.find((e) => e.type === type)!.at);
    const expiresAt = Date.parse(String(p.stream.seen.at(-1)!.data.expiresAt));
    expect(Math.abs(expiresAt - at("input.required") - INPUT_TTL_MS)).toBeLessThan(1_000);
    expect(at("input.answered")).toBeGreaterThanOrEqual(expiresAt);
    expect(at("input.answered") - expiresAt).toBeLessThan(10_000);
    const late = await api(`/v1/sessions/${p.sid}/inputs/${p.inputId}`, { json: { action: "accept", content: { name: "Late" } } });
    expect(late.status).toBe(409);
  });
});
