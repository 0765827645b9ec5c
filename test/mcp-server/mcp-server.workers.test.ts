// The study agent as an MCP server, driven by the official SDK client over Streamable HTTP: it lists and
// calls every tool (study with its progress notifications, answer_exercise graded from the key and by the
// model), lists and reads lesson:// resources and the template, lists and gets the skills as prompts; the
// annotations say what each tool does.
import { env } from "cloudflare:workers";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIALIZE, MCP_POST_HEADERS, connectMcpClient } from "../support/mcp-worker-client";
import { script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { studyReplies } from "../support/study-script";
import { BASE, uniqueId, workerFetch } from "../support/worker-http";
import { STUDY_TOOL_NAMES } from "../support/study-tools";

const web = String(env.SEARCH_BASE_URL);

let client: Client;

const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");

describe("the /mcp server with the SDK client", () => {
  beforeAll(async () => {
    client = await connectMcpClient();
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  it("names itself and lists its tools with honest annotations", async () => {
    expect(client.getServerVersion()?.name).toBe("study-agent-edge");
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(STUDY_TOOL_NAMES);
    for (const name of ["list_lessons", "get_lesson", "get_course"])
      expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    // study and ask run the agent, whose save_document may overwrite a lesson or delete text from it.
    for (const name of ["study", "ask"])
      expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(byName.get("create_course")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    // A repeat finds nothing more to take back.
    expect(byName.get("resume_course")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    // It records an attempt (a retry counts again after ANSWER_REPEAT_WINDOW_MS) and reaches only the grader.
    expect(byName.get("answer_exercise")!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(Object.keys((byName.get("study")!.inputSchema as { properties: object }).properties).sort()).toEqual(["language", "level", "sessionId", "topic"]);
  });

  it("study runs the workflow, reports each step as progress, and returns the lesson's link, a resource link and a summary", async () => {
    const filename = uniqueId("mcp-lesson");
    const marker = await script(filename, studyReplies(web, filename, { answer: "Derivatives measure change; the lesson has two chapters." }));
    const progress: Progress[] = [];
    const result = (await client.callTool({ name: "study", arguments: { topic: `${marker} derivatives`, level: "beginner" } }, undefined, {
      onprogress: (p) => progress.push(p),
      timeout: 25_000,
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const messages = progress.map((p) => p.message);
    expect(messages).toEqual([
      "🔎 derivatives introduction",
      `📖 ${web}/articles/derivatives`,
      `📖 ${web}/articles/limits`,
      "🧩 knowledge-compiler",
      "✍️ 📑 2",
      "💾 Derivatives",
    ]);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6]);
    const key = `${filename}.md`;
    expect(textOf(result)).toContain("Derivatives measure change");
    expect(textOf(result)).toContain(`${BASE}/v1/lessons/${key}`);
    expect(result.content).toContainEqual(expect.objectContaining({ type: "resource_link", uri: `lesson://${key}`, mimeType: "text/markdown" }));
    expect(result.structuredContent).toMatchObject({ status: "completed", lessons: [{ key, uri: `lesson://${key}` }] });

    // The lesson is a resource: listed, readable, and behind the template.
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri: `lesson://${key}`, mimeType: "text/markdown" }));
    const read = await client.readResource({ uri: `lesson://${key}` });
    expect(read.contents[0]).toMatchObject({ uri: `lesson://${key}`, mimeType: "text/markdown" });
    expect(String((read.contents[0] as { text: string }).text)).toContain("## Chapter 1");
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toContainEqual(expect.objectContaining({ uriTemplate: "lesson://{key}", mimeType: "text/markdown" }));
    await expect(client.readResource({ uri: "lesson://no-such-lesson.md" })).rejects.toThrow(/not found/i);

    // And the lesson tools see it.
    const listed = (await client.callTool({ name: "list_lessons", arguments: {} })) as CallToolResult;
    expect(textOf(listed)).toContain(key);
    const got = (await client.callTool({ name: "get_lesson", arguments: { key } })) as CallToolResult;
    expect(textOf(got)).toContain("## Answer Key");
    const missing = (await client.callTool({ name: "get_lesson", arguments: { key: "missing.md" } })) as CallToolResult;
    expect(missing.isError).toBe(true);
  });

  it("ask runs in the MCP connection's session, or in the one named", async () => {
    const sessionId = uniqueId("mcp-ask");
    const marker = await script(sessionId, [{ toolCalls: [{ name: "calculate", args: { expression: "12*7" } }] }, { text: "12 × 7 = 84" }]);
    const result = (await client.callTool({ name: "ask", arguments: { input: `${marker} What is 12*7?`, sessionId } })) as CallToolResult;
    expect(textOf(result)).toBe("12 × 7 = 84");
    expect(result.structuredContent).toMatchObject({ sessionId, status: "completed" });
    const session = (await (await workerFetch(`${BASE}/v1/sessions/${sessionId}`)).json()) as { messages: { role: string; content: string }[] };
    expect(session.messages.at(-1)).toMatchObject({ role: "assistant", content: "12 × 7 = 84" });
  });

  it("create_course creates a course; a bad one is a tool error, not a protocol error", async () => {
    const ok = (await client.callTool({ name: "create_course", arguments: { topic: "Linear algebra", level: "beginner" } })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
    const { id } = ok.structuredContent as { id: string };
    expect((await workerFetch(`${BASE}/v1/courses/${id}`)).status).toBe(200);
    const bad = (await client.callTool({ name: "create_course", arguments: { topic: "x", cron: "every tuesday" } })) as CallToolResult;
    expect(bad.isError).toBe(true);
  });

  it("answer_exercise grades from the key or by the model, as the answers route does, and counts for the learner", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const sessionId = uniqueId("mcp-learner");
    await putLesson(env.LESSONS, key);
    const answer = async (args: Record<string, unknown>) => (await client.callTool({ name: "answer_exercise", arguments: { key, ...args } })) as CallToolResult;

    const right = await answer({ exercise: "1.1", answer: "b", sessionId });
    expect(right.isError).toBeFalsy();
    expect(right.structuredContent).toEqual({
      exerciseId: "1.1",
      verdict: "correct",
      score: 1,
      feedback: "Correct. The derivative is the instantaneous rate of change.",
      expected: "B. The instantaneous rate of change",
      sessionId,
    });
    expect(textOf(right)).toBe("✅ Correct.\nThe derivative is the instantaneous rate of change.");
    expect((await answer({ exercise: "1.2", answer: "D", sessionId })).structuredContent).toMatchObject({ verdict: "incorrect", score: 0 });

    // A short answer goes to the model grader, in the learner's session.
    const marker = await script(sessionId, [{ toolCalls: [{ name: "grade", args: { verdict: "partial", score: 0.5, feedback: "Half of the reason." } }] }]);
    const graded = await answer({ exercise: "1.4", answer: `${marker} Because one x is removed.`, sessionId });
    expect(graded.structuredContent).toMatchObject({ exerciseId: "1.4", verdict: "partial", score: 0.5, feedback: "Half of the reason." });

    const progress = await (await workerFetch(`${BASE}/v1/learners/${sessionId}/progress`)).json();
    expect(progress).toMatchObject({ answered: 3, correct: 1 });

    // Refusals are tool errors the model can read, not protocol errors.
    for (const [args, message] of [
      [{ exercise: "9.9", answer: "B" }, /Exercise 9\.9 of .* is gone/],
      [{ exercise: "1.1", answer: "  " }, /empty/],
      [{ key: "missing.md", exercise: "1.1", answer: "B" }, /Exercise 1\.1 of missing\.md is gone/],
    ] as const) {
      const refused = await answer(args);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(message);
    }
  });

  it("offers each skill as a prompt, with its arguments in place", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(["knowledge-compiler", "exercise-generator", "document-compiler", "daily-lesson"]));
    const prompt = await client.getPrompt({ name: "daily-lesson", arguments: { args: "the chain rule" } });
    expect(prompt.messages[0]).toMatchObject({ role: "user", content: { type: "text" } });
    expect((prompt.messages[0]!.content as { text: string }).text).toContain("the chain rule");
  });

  it("refuses another origin's browser page (DNS rebinding) and a request for an unknown session", async () => {
    const headers = MCP_POST_HEADERS;
    const foreign = await workerFetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { ...headers, origin: "https://evil.example" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(foreign.status).toBe(403);
    const unknown = await workerFetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": "not-a-session" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(unknown.status).toBe(404);
  });
});
