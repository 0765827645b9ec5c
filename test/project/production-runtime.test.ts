// The Worker in the production runtime: `wrangler dev` (workerd with the real wrangler.toml, bundle,
// assets, Durable Objects and R2), against the scripted model and the official MCP reference server.
// The vitest pool allows things production workerd refuses (code generation from strings, for one);
// only a run here catches them.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createOpenAI } from "@ai-sdk/openai";
import { Agent, run as runAgent, setDefaultOpenAIClient, setTracingDisabled } from "@openai/agents";
import { generateText } from "ai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageServer } from "../support/page-server";
import { startFixtureWeb } from "../support/fixture-web";
import { startDeadEndServer, type DeadEndServer } from "../support/dead-end-server";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { ScriptedModel } from "../support/scripted-model";
import { parseSse } from "../support/sse-text";
import { BARE_WORKER, sharedWranglerDev, type SharedWorker } from "../support/shared-wrangler-dev";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";
import { FIXTURES } from "../support/paths";

const model = new ScriptedModel();
let everything: EverythingServer;
let web: PageServer;
let gone: DeadEndServer;
let worker: WranglerDev;
let bare: SharedWorker;

beforeAll(async () => {
  [everything, web, gone] = await Promise.all([startEverything("streamableHttp"), startFixtureWeb(), startDeadEndServer(), model.listen()]);
  [worker, bare] = await Promise.all([
    startWranglerDev({
      vars: {
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: model.baseURL,
        MODEL: "scripted-model",
        // "gone" answers no MCP request: runs go on without it, with a warning.
        MCP_SERVERS: JSON.stringify({
          mcpServers: { everything: { url: everything.url }, gone: { url: gone.url, timeoutMs: 2000 } },
        }),
        ALLOW_PRIVATE_FETCH: "true",
        SEARCH_PROVIDER: "searxng",
        SEARCH_BASE_URL: web.origin,
        // good.md's chapters are short by design (the length check: test/lessons/chapter-length.workers.test.ts).
        LESSON_LENGTH_CHECK: "false",
      },
    }),
    // No model configured at all: runs must fail cleanly, not crash.
    sharedWranglerDev(BARE_WORKER),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), everything?.stop(), web?.close(), gone?.close(), model.close()]);
});

const run = (w: SharedWorker, session: string, body: Record<string, unknown>) =>
  fetch(`${w.url}/v1/sessions/${session}/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the Worker under wrangler dev", () => {
  it("streams a tool run and remembers it in the next run", async () => {
    const marker = model.script("prod-calc", [
      { toolCalls: [{ name: "calculate", args: { expression: "12*7" } }] },
      { text: "12*7 is 84." },
      { text: "Half of 84 is 42." },
    ]);
    const events = parseSse(await (await run(worker, "prod-1", { input: `${marker} What is 12*7?`, stream: true })).text());
    // (The unreachable MCP server's warning comes with every run; it is checked below.)
    expect(events.map((e) => e.event).filter((t) => t !== "warning")).toEqual([
      "run.started",
      "tool.started",
      "tool.finished",
      "text.delta",
      "text.delta",
      "text.delta",
      "run.completed",
    ]);
    expect(events.at(-1)!.data).toMatchObject({ status: "completed", output: "12*7 is 84.", steps: 2 });
    const second = (await (await run(worker, "prod-1", { input: "And half of that?" })).json()) as Record<string, unknown>;
    expect(second).toMatchObject({ status: "completed", output: "Half of 84 is 42." });
    expect(model.requests("prod-calc")[2]!.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
  });

  it("calls an MCP server's tools, with its instructions in the prompt and its progress in the stream", async () => {
    const marker = model.script("prod-mcp", [
      {
        toolCalls: [
          { name: "mcp__everything__echo", args: { message: "hello from the agent" } },
          { name: "mcp__everything__get-sum", args: { a: 2, b: 3 } },
        ],
      },
      { toolCalls: [{ name: "mcp__everything__trigger-long-running-operation", args: { duration: 0.3, steps: 3 } }] },
      { text: "The server echoed and summed." },
    ]);
    const events = parseSse(await (await run(worker, "prod-mcp", { input: `${marker} use the server`, stream: true })).text());
    const finished = events.filter((e) => e.event === "tool.finished").map((e) => e.data);
    expect(finished[0]).toMatchObject({ name: "mcp__everything__echo", status: "success", output: "Echo: hello from the agent" });
    expect(finished[1]).toMatchObject({ name: "mcp__everything__get-sum", status: "success" });
    expect(String(finished[1]!.output)).toContain("5");
    expect(finished[2]).toMatchObject({ name: "mcp__everything__trigger-long-running-operation", status: "success" });
    expect(events.filter((e) => e.event === "tool.progress").length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed" } });
    expect(events.find((e) => e.event === "warning")?.data).toMatchObject({
      code: "mcp_connect_failed",
      server: "gone",
      message: expect.stringContaining("gone"),
    });
    const first = model.requests("prod-mcp")[0]!;
    expect(String(first.messages[0]!.content)).toContain("everything");
    expect(first.tools!.map((t) => t.function.name)).toContain("mcp__everything__echo");
  });

  it("runs the study tools: search, fetch, a skill from the assets, a lesson saved to local R2", async () => {
    const page = `${web.origin}/articles/derivatives`;
    const lesson = readFileSync(resolve(FIXTURES, "lessons/good.md"), "utf8")
      .replaceAll("[3]", "[1]")
      .replaceAll("[2]", "[1]")
      .replace(/## Sources[\s\S]*$/, `## Sources\n1. [Derivatives explained](${page})\n`);
    const marker = model.script("prod-study", [
      { toolCalls: [{ name: "web_search", args: { query: "derivatives" } }] },
      {
        toolCalls: [
          { name: "fetch_webpage", args: { url: page } },
          { name: "load_skill", args: { name: "exercise-generator" } },
        ],
      },
      { toolCalls: [{ name: "save_document", args: { filename: "prod derivatives", content: lesson, topic: "calculus" } }] },
      { text: "Saved: /v1/lessons/prod-derivatives.md" },
    ]);
    const result = (await (await run(worker, "prod-study", { input: `${marker} teach me derivatives` })).json()) as Record<string, unknown>;
    expect(result).toMatchObject({ status: "completed", steps: 4 });
    const tools = model
      .requests("prod-study")[2]!
      .messages.filter((m) => m.role === "tool")
      .slice(-2)
      .map((m) => String(m.content));
    expect(tools[0]).toContain("slope of the tangent line");
    expect(tools[1]).toContain("Multiple choice");
    const saved = await fetch(`${worker.url}/v1/lessons/prod-derivatives.md`);
    expect(saved.headers.get("content-type")).toContain("text/markdown");
    expect(await saved.text()).toContain(page);
    const { lessons } = (await (await fetch(`${worker.url}/v1/lessons`)).json()) as { lessons: Array<{ key: string; status: string }> };
    expect(lessons).toContainEqual(expect.objectContaining({ key: "prod-derivatives.md", status: "final" }));
  });

  it("serves the web page and the skills as static assets", async () => {
    const page = await fetch(`${worker.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    const manifest = await fetch(`${worker.url}/skills/manifest.json`);
    expect(((await manifest.json()) as { skills: unknown[] }).skills.length).toBeGreaterThanOrEqual(4);
  });

  it("fails a run with model_not_configured when no model is set, and stays up", async () => {
    const res = await run(bare, "no-model", { input: "hello" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "failed", error: { code: "model_not_configured" } });
    expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
  });

  it("answers the Responses API over real HTTP to openai, the AI SDK and the Agents SDK, each continuing by previous_response_id", async () => {
    const marker = model.script("prod-responses", [{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }, { text: "five" }, { text: "six" }]);
    const baseURL = `${worker.url}/v1`;
    const client = new OpenAI({ baseURL, apiKey: "unused", maxRetries: 0 });
    const first = await client.responses.create({ model: "study-agent", input: `${marker} hi` });
    expect(first.output_text).toBe("one");
    expect(first.usage?.total_tokens).toBeGreaterThan(0);
    expect((await client.responses.create({ model: "study-agent", previous_response_id: first.id, input: "again" })).output_text).toBe("two");

    const openai = createOpenAI({ baseURL, apiKey: "unused" });
    const a = await generateText({ model: openai("study-agent"), prompt: `${marker} hi`, maxRetries: 0 });
    expect(a.text).toBe("three");
    const b = await generateText({
      model: openai("study-agent"),
      prompt: "again",
      maxRetries: 0,
      providerOptions: { openai: { previousResponseId: a.providerMetadata!.openai!.responseId as string } },
    });
    expect(b.text).toBe("four");

    setDefaultOpenAIClient(client);
    setTracingDisabled(true);
    const agent = new Agent({ name: "Tutor", model: "study-agent" });
    const c = await runAgent(agent, `${marker} hi`);
    expect(c.finalOutput).toBe("five");
    expect((await runAgent(agent, "again", { previousResponseId: c.lastResponseId })).finalOutput).toBe("six");
    // Each continuation carried the conversation it continued.
    const continued = model.requests("prod-responses").filter((_, i) => i % 2 === 1);
    expect(continued.map((r) => r.messages.filter((m) => m.role === "user").length)).toEqual([2, 2, 2]);
  });
});
