// No /v1/courses route takes a query parameter it does not read (the list takes its page's only), so each
// refuses one, naming it, before it acts: a `?dryRun=1` create creates nothing, a refused delete deletes nothing.
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function expectRefused(res: Response, parameter: string) {
  expect(res.status).toBe(400);
  expect(await errorOf(res)).toMatchObject({ code: "invalid_request", message: expect.stringContaining(parameter) });
}

describe("course routes and query parameters", () => {
  it("refuses a create with a query parameter and creates nothing", async () => {
    const topic = `${uniqueId("dry-run")} Vectors`;
    await expectRefused(await call("/v1/courses?dryRun=1", { method: "POST", json: { topic } }), "dryRun");
    const { courses } = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(courses.filter((c) => c.topic === topic)).toHaveLength(0);
  });

  it("refuses a query parameter on the list, a course, its deck and its delete, which leaves it", async () => {
    const marker = await script(uniqueId("course-query"), [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors` });
    created.push(course.id);
    await expectRefused(await call("/v1/courses?sort=topic"), "sort");
    await expectRefused(await call(`/v1/courses/${course.id}?fields=topic`), "fields");
    await expectRefused(await call(`/v1/courses/${course.id}/deck?format=csv`), "format");
    await expectRefused(await call(`/v1/courses/${course.id}?force=true`, { method: "DELETE" }), "force");
    expect((await call(`/v1/courses/${course.id}`)).status).toBe(200);
    // The query is checked before the course is looked up, as the learner routes do.
    await expectRefused(await call("/v1/courses/course-000000000000?fields=topic"), "fields");
  });
});
