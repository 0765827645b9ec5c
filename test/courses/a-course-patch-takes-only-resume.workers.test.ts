// PATCH /v1/courses/:id takes {"resume": true} and nothing else: a field it would not honour (topic, cron, …)
// is a 400 naming it, and nothing is changed; another tenant's course is 404, as on every course route.
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { tenantApp } from "../support/tenant-app";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const patch = (id: string, body: unknown, query = "") => call(`/v1/courses/${id}${query}`, { method: "PATCH", ...(body === undefined ? {} : { json: body }) });

describe("PATCH /v1/courses/:id", () => {
  it("refuses every field but resume, naming it, and changes nothing", async () => {
    const marker = await script(uniqueId("course-patch"), [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, cron: "0 7 * * *" });
    created.push(course.id);

    for (const [body, named] of [
      [{ resume: true, topic: "Matrices" }, '"topic"'],
      [{ cron: "0 9 * * *" }, '"cron"'],
      [{ resume: true, language: "es", timezone: "Europe/Madrid" }, '"language", "timezone"'],
      [{}, "resume"],
      [{ resume: false }, "resume"],
      [{ resume: "yes" }, "resume"],
    ] as const) {
      const res = await patch(course.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "invalid_request", message: expect.stringContaining(named) });
    }
    const noBody = await patch(course.id, undefined);
    expect(noBody.status).toBe(400);
    expect((await errorOf(noBody)).code).toBe("invalid_json");
    const withQuery = await patch(course.id, { resume: true }, "?dryRun=1");
    expect(withQuery.status).toBe(400);
    expect((await errorOf(withQuery)).message).toContain("dryRun");

    expect(await getCourse(course.id)).toMatchObject({ topic: course.topic, cron: "0 7 * * *", language: null });
    // A course with nothing stopped resumes as it is.
    const ok = await patch(course.id, { resume: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: course.id, stopped: [], nextLessonAt: course.nextLessonAt });
  });

  it("is 404 for an unknown course and for another tenant's", async () => {
    const as = tenantApp({ a: uniqueId("tenant-a"), b: uniqueId("tenant-b") });
    const marker = await script(uniqueId("course-patch-tenant"), [SYLLABUS_REPLY]);
    const res = await as("a", "POST", "/v1/courses", { topic: `${marker} Vectors` });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    created.push(id);

    const foreign = await as("b", "PATCH", `/v1/courses/${id}`, { resume: true });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe("not_found");
    expect((await as("a", "PATCH", `/v1/courses/${id}`, { resume: true })).status).toBe(200);
    expect((await as("a", "PATCH", "/v1/courses/course-000000000000", { resume: true })).status).toBe(404);
  });
});
