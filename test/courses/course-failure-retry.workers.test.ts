import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const waitForError = (id: string) =>
  waitFor(async () => {
    const course = await getCourse(id);
    return course.lastError !== null && course;
  }, "the recorded failure");

describe("a course whose daily work fails", () => {
  it("records a failed lesson run and writes the lesson at the next tick", async () => {
    const key = uniqueId("course-fail");
    const marker = await script(key, [SYLLABUS_REPLY]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await script(key, [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    await tick("2031-06-01T08:00:00Z");
    const failed = await waitForError(course.id);
    expect(failed.lastError).toMatchObject({ period: "2031-06-01T00:00Z" });
    expect(failed.lastError!.message).toContain("the lesson run did not complete");
    expect(failed.lessons).toEqual([]);
    expect(await platformCalls("telegram", chat)).toEqual([]);

    await script(key, lessonReplies(uniqueId("vectors-retry"), "What a vector is"));
    await tick("2031-06-01T09:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError).toBeNull();
    expect(done.lessons[0]!.period).toBe("2031-06-01T00:00Z");
    expect((await platformCalls("telegram", chat)).filter((c) => c.method === "sendDocument")).toHaveLength(1);
  });

  it("records a failed delivery and delivers the same lesson at the next tick, without writing it again", async () => {
    const key = uniqueId("course-deliver");
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("vectors-deliver"), "What a vector is")]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await failNextCalls("telegram", chat, 1);
    await tick("2031-07-01T08:00:00Z");
    const failed = await waitForError(course.id);
    expect(failed.lastError!.message).toContain("Telegram sendMessage failed (500)");
    expect(failed.lessons).toHaveLength(1);
    expect(failed.lessons[0]!.deliveredAt).toBeNull();

    await tick("2031-07-01T09:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError).toBeNull();
    expect((await requests(key)).requests).toHaveLength(3); // the syllabus and one lesson run of two steps
    const delivered = (await platformCalls("telegram", chat)).filter((c) => c.method !== "sendChatAction");
    // The failed attempt, then the retry's message, the lesson's text and its document.
    expect(delivered.map((c) => c.method)).toEqual(["sendMessage", "sendMessage", "sendMessage", "sendDocument"]);
  });

  it("records a failed syllabus plan and plans again at the next tick", async () => {
    const key = uniqueId("course-plan");
    const marker = await script(key, [{ text: "I would rather not make a list." }]);
    const res = await call("/v1/courses", { method: "POST", json: { topic: `${marker} Vectors` } });
    const { id } = (await res.json()) as { id: string };
    created.push(id);
    const failed = await waitForError(id);
    expect(failed).toMatchObject({ status: "planning", syllabus: null });
    expect(failed.lastError!.message).toContain("no numbered lessons");

    await script(key, [SYLLABUS_REPLY]);
    await tick("2031-08-01T08:00:00Z");
    const planned = await waitFor(async () => {
      const c = await getCourse(id);
      return c.status === "active" && c;
    }, "the syllabus");
    expect(planned).toMatchObject({ syllabus: SYLLABUS, lastError: null });
  });
});
