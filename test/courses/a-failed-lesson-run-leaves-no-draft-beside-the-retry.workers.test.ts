// A course's lesson run that failed after saving a draft left that draft in the lessons: the retry wrote the
// lesson in a fresh session, beside it (`<name>-2.md`), so the learner saw two lessons of the day, one
// unfinished. The failed attempt's drafts are deleted now, and the retry saves under their name; a final
// lesson a failed run saved is kept and delivered (course-failure-retry.workers.test.ts).
import { afterEach, describe, expect, it } from "vitest";
import type { CourseError } from "../../src/courses/course-store";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { waitFor } from "../support/platform-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("a course lesson run that fails after saving a draft", () => {
  it("leaves no draft beside the retry's lesson", async () => {
    const key = uniqueId("course-draft-dropped");
    const file = uniqueId("vectors-dropped");
    const [save, summary] = lessonReplies(file, "What a vector is");
    // The scripted lesson lacks sections, so it is saved as a draft; then the model fails (a first try and MODEL_MAX_RETRIES=1).
    const marker = await script(key, [SYLLABUS_REPLY, save!, { status: 500 }, { status: 500 }]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors` });
    created.push(course.id);

    await tick("2031-08-01T08:00:00Z");
    const failed = await waitFor(async () => {
      const c = await getCourse(course.id);
      return c.lastError !== null && c;
    }, "the recorded failure");
    expect(failed.lastError!.message).toContain("the lesson run did not complete");
    expect((await call(`/v1/lessons/${file}.md`)).status).toBe(404);

    await script(key, [save!, summary!]);
    await tick("2031-08-01T09:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError as CourseError | null).toBeNull();
    expect(done.lessons.map((l) => l.key)).toEqual([`${file}.md`]);
    expect((await call(`/v1/lessons/${file}.md`)).status).toBe(200);
    expect((await call(`/v1/lessons/${file}-2.md`)).status).toBe(404);
  });
});
