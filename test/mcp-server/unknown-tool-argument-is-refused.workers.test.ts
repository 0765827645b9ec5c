// A tool argument the tool does not declare is refused with the SDK's input validation error (-32602,
// returned as a tool error the model can read), naming the argument; it is never silently dropped. The
// schemas say so (additionalProperties: false). The request's own _meta (progress token, a host's ids)
// sits beside the arguments and stays accepted.
import { env } from "cloudflare:workers";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";
import { putLesson } from "../support/quiz-lesson";
import { uniqueId } from "../support/worker-http";

const client = fileMcpClient();

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

it.each([
  ["study", { topic: "derivatives", depth: "deep" }, "depth"],
  ["ask", { input: "What is 12*7?", model: "gpt-5" }, "model"],
  ["list_lessons", { limit: 5 }, "limit"],
  ["get_lesson", { key: "derivatives.md", format: "html" }, "format"],
  ["create_course", { topic: "Linear algebra", timezone: "Europe/Paris" }, "timezone"],
  ["answer_exercise", { key: "derivatives.md", exercise: "1.1", answer: "B", hint: true }, "hint"],
])("%s refuses an argument it does not declare", async (name, args, extra) => {
  const result = (await client().callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/-32602: Input validation error/);
  expect(textOf(result)).toContain(`"${extra}"`);
});

it("says in every tool's schema that no other argument is taken", async () => {
  const { tools } = await client().listTools();
  for (const tool of tools) expect(tool.inputSchema, tool.name).toMatchObject({ type: "object", additionalProperties: false });
});

it("still takes the declared arguments with the request's _meta beside them", async () => {
  const key = `${uniqueId("strict")}.md`;
  await putLesson(env.LESSONS, key);
  const got = (await client().callTool({
    name: "get_lesson",
    arguments: { key },
    _meta: { progressToken: 7, "claudecode/toolUseId": "toolu_1" },
  })) as CallToolResult;
  expect(got.isError).toBeFalsy();
  expect(textOf(got)).toContain("## Answer Key");
  const listed = (await client().callTool({ name: "list_lessons", arguments: {} })) as CallToolResult;
  expect(listed.isError).toBeFalsy();
});
