// A scheduled lesson run has no one to approve its calls: a call an `ask` rule catches is refused with a
// tool error saying approval is unavailable (UNATTENDED_ASK=deny, the default), the run goes on, and
// the course still gets its lesson.
import { afterEach, describe, expect, it } from "vitest";
import { lessonSessionId } from "../../src/courses/course-registry";
import { createPlannedCourse, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { messages, trace } from "../support/session-api";
import { uniqueChatId } from "../support/platform-control";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("an unattended course lesson run that meets an ask rule", () => {
  it("refuses the call with a tool error, goes on, and produces the lesson", async () => {
    const key = uniqueId("course-ask");
    const marker = await script(key, [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: uniqueChatId() } });
    created.push(course.id);

    const asked = { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] };
    await script(key, [asked, ...lessonReplies(uniqueId("vectors-ask"), "What a vector is")]);
    await tick("2032-03-01T08:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError).toBeNull();
    expect(done.lessons).toHaveLength(1);

    const session = lessonSessionId(course.id, 1);
    const refused = (await messages(session)).find((m) => m.role === "tool" && m.content.includes("approval is unavailable"));
    expect(refused?.content).toContain("UNATTENDED_ASK");
    const types = (await trace(session)).map((e) => e.type);
    expect(types).not.toContain("approval.required");
    expect(types).toContain("run.completed");
  });
});
