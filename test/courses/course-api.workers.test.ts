import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { createPlannedCourse, SYLLABUS, SYLLABUS_REPLY } from "../support/course-fixtures";
import { requests, script } from "../support/model-control";
import { call, fromThisMachine, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("the Courses API", () => {
  it("creates a course, plans its syllabus with the agent, lists, reads and deletes it", async () => {
    const key = uniqueId("course-api");
    const marker = await script(key, [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, level: "beginner", deliver: { telegramChatId: 4242 } });
    expect(course).toMatchObject({
      topic: `${marker} Vectors`,
      level: "beginner",
      cron: "0 0 * * *",
      deliver: { telegramChatId: 4242 },
      status: "active",
      syllabus: SYLLABUS,
      lessons: [],
      nextIndex: 0,
      nextLessonAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastError: null,
    });
    expect(course.id).toMatch(/^course-[0-9a-f]{12}$/);
    // The syllabus was planned in the course's own session.
    const planning = (await requests(key)).requests[0]!;
    expect(JSON.stringify(planning.messages)).toContain("Plan the syllabus");
    expect((await call(`/v1/sessions/${course.id}`)).status).toBe(200);

    const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ id: string; status: string }> };
    expect(list.courses.find((c) => c.id === course.id)).toMatchObject({ status: "active" });

    expect((await call(`/v1/courses/${course.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/courses/${course.id}`)).status).toBe(404);
    expect((await call(`/v1/courses/${course.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/v1/sessions/${course.id}`)).status).toBe(404);
    const after = (await (await call("/v1/courses")).json()) as { courses: Array<{ id: string }> };
    expect(after.courses.some((c) => c.id === course.id)).toBe(false);
  });

  it("refuses invalid courses with 400 and says why", async () => {
    const cases: Array<[unknown, string]> = [
      [{}, "topic"],
      [{ topic: "  " }, "topic"],
      [{ topic: "Vectors", cron: "every morning" }, "5 fields"],
      [{ topic: "Vectors", cron: "0 0 30 2 *" }, "never matches"],
      [{ topic: "Vectors", cron: "0 25 * * *" }, "hour"],
      [{ topic: "Vectors", deliver: { telegramChatId: "my chat" } }, "telegramChatId"],
      [{ topic: "Vectors", deliver: { email: "a@b.c" } }, "email"],
      [{ topic: "Vectors", colour: "blue" }, "colour"],
    ];
    for (const [body, mentions] of cases) {
      const res = await call("/v1/courses", { method: "POST", json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message, JSON.stringify(body)).toContain(mentions);
    }
    const notJson = await call("/v1/courses", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect((await errorOf(notJson)).code).toBe("invalid_json");
    expect((await call("/v1/courses/not%20an%20id")).status).toBe(400);
    expect((await call("/v1/courses/course-000000000000")).status).toBe(404);
  });

  it("refuses a delivery target whose platform is not configured", async () => {
    const unconfigured = { ...env, TELEGRAM_BOT_TOKEN: "" };
    const req = new Request("http://localhost/v1/courses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ topic: "Vectors", deliver: { telegramChatId: 1 } }),
    });
    const res = await createApp().fetch(fromThisMachine(req), unconfigured, createExecutionContext());
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "delivery_not_configured" });
  });
});
