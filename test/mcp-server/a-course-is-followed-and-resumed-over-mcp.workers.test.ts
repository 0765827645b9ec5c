// A course created with create_course can be followed and taken back over MCP: get_course reads it as
// GET /v1/courses/:id does, and resume_course takes back the chats it gave up as PATCH {"resume": true}
// does. Before, a host was told a course was created and could never see it, or its stop, again.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getCourse, stoppedCourse } from "../support/course-fixtures";
import { connectMcpClient } from "../support/mcp-worker-client";
import { call } from "../support/worker-http";

let client: Client;
const created: string[] = [];
beforeAll(async () => {
  client = await connectMcpClient();
}, 30_000);
afterAll(async () => {
  await client?.close();
  for (const id of created) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const tool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");

it("get_course shows a stopped course and its chats given up; resume_course takes them back, once", async () => {
  const { id, channel } = await stoppedCourse("mcp-course-resumed", "2035-03-01T08:00:00Z");
  created.push(id);

  const seen = await tool("get_course", { id });
  expect(seen.isError).toBeFalsy();
  const { progress: _progress, ...asHttp } = (await getCourse(id)) as Awaited<ReturnType<typeof getCourse>> & { progress: unknown };
  expect(seen.structuredContent).toEqual(asHttp);
  expect(text(seen)).toContain(`given up: slack:${channel} (resume_course takes them back)`);
  expect(text(seen)).toContain("no_reachable_target");

  const resumed = await tool("resume_course", { id });
  expect(resumed.structuredContent).toMatchObject({ id, stopped: [], lastError: null, status: "active" });
  expect(text(resumed)).not.toContain("given up");
  expect(await getCourse(id)).toMatchObject({ stopped: [], lastError: null });
  // Idempotent: nothing more is taken back.
  expect((await tool("resume_course", { id })).structuredContent).toEqual(resumed.structuredContent);
});

it("an unknown course is a tool error naming it, and a malformed id or an extra argument is refused", async () => {
  for (const name of ["get_course", "resume_course"]) {
    const unknown = await tool(name, { id: "course-000000000000" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain("No course course-000000000000");
    expect((await tool(name, { id: "../x y" })).isError).toBe(true);
    const extra = await tool(name, { id: "course-000000000000", resume: true });
    expect(extra.isError).toBe(true);
    expect(text(extra)).toContain("resume");
  }
});
