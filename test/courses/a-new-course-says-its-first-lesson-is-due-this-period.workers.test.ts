// A freshly planned course said nextLessonAt "1970-01-01T00:00:00.000Z" (its due time is 0: "due at the next
// tick") until its first lesson. Now it says the start of the current period, the one whose lesson the next
// tick writes.
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("a course whose syllabus was just planned", () => {
  it("says its first lesson is due at the start of today's period, not in 1970", async () => {
    const marker = await script(uniqueId("course-first-due"), [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, cron: "0 0 * * *" });
    created.push(course.id);
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString();
    expect(course).toMatchObject({ status: "active", nextLessonAt: today });
  });
});
