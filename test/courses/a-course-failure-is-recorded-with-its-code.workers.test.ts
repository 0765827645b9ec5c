// A course's last error carried only English prose ("planning the syllabus did not complete: failed (…)"), which
// the page showed as it was on a page in any language. Now it carries a code beside the message: the failed
// run's error code, syllabus_empty for a plan without numbered lessons, a delivery's platform code, so the
// page can say it in the learner's language (docs/courses.md).
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { failNextCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { lessonReplies } from "../support/course-script";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const lastError = (id: string) =>
  waitFor(async () => {
    const { lastError } = await getCourse(id);
    return lastError ?? false;
  }, "the recorded failure");

describe("a course's last error", () => {
  it("names the failed lesson run's error code, and keeps its message", async () => {
    const key = uniqueId("course-code-run");
    const marker = await script(key, [SYLLABUS_REPLY]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors` });
    created.push(course.id);

    await script(key, [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    await tick("2031-09-01T08:00:00Z");
    const error = await lastError(course.id);
    expect(error).toMatchObject({ code: "model_unavailable", period: "2031-09-01T00:00Z" });
    expect(error.message).toContain("the lesson run did not complete");
  });

  it("names a failed delivery by its platform's code", async () => {
    const key = uniqueId("course-code-delivery");
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("vectors-code"), "What a vector is")]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await failNextCalls("telegram", chat, 1);
    await tick("2031-09-02T08:00:00Z");
    const error = await lastError(course.id);
    expect(error).toMatchObject({ code: "telegram_api_failed", period: "2031-09-02T00:00Z" });
    expect(error.message).toContain("Telegram sendMessage failed (500)");
  });

  it("names a syllabus without numbered lessons syllabus_empty", async () => {
    const key = uniqueId("course-code-plan");
    const marker = await script(key, [{ text: "I would rather not make a list." }]);
    const res = await call("/v1/courses", { method: "POST", json: { topic: `${marker} Vectors` } });
    const { id } = (await res.json()) as { id: string };
    created.push(id);
    const error = await lastError(id);
    expect(error).toMatchObject({ code: "syllabus_empty", message: "the syllabus the agent wrote has no numbered lessons" });
    expect(error.period).toBeUndefined();
  });
});
