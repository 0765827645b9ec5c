// A course made with create_course can be followed and taken back from the same client: get_course reads it as
// GET /v1/courses/:id does (its syllabus, lessons so far, next lesson, last error, chats given up), and
// resume_course takes back the chats it gave up, as PATCH /v1/courses/:id {"resume": true} does
// (docs/courses.md#resuming). Without them an MCP host was told a course was created and could never see it again.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { CourseView } from "../courses/course-registry";
import { shardHolding } from "../courses/course-shards";
import { courseSettings } from "../courses/settings";
import type { Env } from "../env";
import { Id } from "../http-kit/validation";
import type { Tenant } from "../lib/tenant";

const CourseRef = z.strictObject({ id: Id.describe("The course's id, as create_course answered it (course-…)") });

/** The course as the tool's result: a line for the host model, the course itself as structured content. */
function courseResult(id: string, course: CourseView | null): CallToolResult {
  if (!course) return { isError: true, content: [{ type: "text", text: `No course ${id}: create_course answers the id of one it creates.` }] };
  const next = course.nextLessonAt ? `next lesson due ${course.nextLessonAt}` : course.status === "finished" ? "finished" : "no next lesson scheduled";
  const stopped = course.stopped.length ? `; given up: ${course.stopped.map((s) => s.target).join(", ")} (resume_course takes them back)` : "";
  const error = course.lastError ? `; last error: ${course.lastError.code ?? ""} ${course.lastError.message}` : "";
  const text = `Course ${course.id} "${course.topic}": ${course.status}, ${course.lessonCount} lesson(s) so far, ${next}${stopped}${error}.`;
  return { content: [{ type: "text", text }], structuredContent: { ...course } };
}

export function registerCourseTools(server: McpServer, env: Env, tenant: Tenant): void {
  const shard = (id: string) => shardHolding(env, id, courseSettings(env).COURSE_SHARDS);
  server.registerTool(
    "get_course",
    {
      title: "Read a course",
      description:
        "A course's state: its syllabus, lessons so far (keys for get_lesson), when the next lesson is due, its last error and any chats it gave up.",
      inputSchema: CourseRef,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ id }) => courseResult(id, await shard(id).get(id, tenant)),
  );
  server.registerTool(
    "resume_course",
    {
      title: "Resume a course",
      description:
        "Takes back the chats a course gave up (the bot was blocked or removed, and is back): the course keeps its syllabus and place, and its next lesson comes at the next tick.",
      inputSchema: CourseRef,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ id }) => courseResult(id, await shard(id).resume(id, tenant)),
  );
}
