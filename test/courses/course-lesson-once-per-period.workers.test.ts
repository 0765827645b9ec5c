import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { tickCourses } from "../../src/courses/scheduled";
import { createPlannedCourse, getCourse, lessonMarkdown, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { platformCalls, uniqueChatId } from "../support/platform-control";
import { uniqueChannel } from "../support/slack-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("the scheduled tick and daily lessons", () => {
  it("produces exactly one lesson per course and period, however often it ticks, and delivers it", async () => {
    const key = uniqueId("course-once");
    const [f1, f2] = [uniqueId("vectors-one"), uniqueId("vectors-two")];
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(f1, "What a vector is"), ...lessonReplies(f2, "Adding vectors")]);
    const chat = uniqueChatId();
    const channel = uniqueChannel();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat, slackChannel: channel } });
    created.push(course.id);

    // Two ticks at once, then one more in the same day: one lesson. The scheduler says which courses each
    // tick started work for: exactly one of the two, and the later one none, so no second lesson can follow.
    const at9 = Date.parse("2031-05-01T09:00:00Z");
    const started = await Promise.all([tickCourses(env, at9), tickCourses(env, at9)]);
    expect(started.filter((ids) => ids.includes(course.id))).toHaveLength(1);
    const afterDay1 = await waitForLessons(course.id, 1);
    expect(await tickCourses(env, Date.parse("2031-05-01T23:00:00Z"))).not.toContain(course.id);
    expect((await getCourse(course.id)).lessons).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(3); // the syllabus, then the lesson's two steps

    const [lesson] = afterDay1.lessons;
    expect(lesson).toMatchObject({ number: 1, title: "Vectors — What a vector is", period: "2031-05-01T00:00Z" });
    expect(lesson!.link).toBe(`/v1/lessons/${lesson!.key}`);
    expect(afterDay1).toMatchObject({ nextIndex: 1, lastError: null, status: "active", nextLessonAt: "2031-05-02T00:00:00.000Z" });
    // The lesson ran the daily-lesson skill in a session of its own, with the course's context.
    const lessonInput = JSON.stringify((await requests(key)).requests[1]!.messages);
    expect(lessonInput).toContain("daily-lesson");
    expect(lessonInput).toContain("Today: lesson 1 of 3: What a vector is");
    expect((await call(`/v1/sessions/${course.id}-lesson-1`)).status).toBe(200);

    // Delivered to Telegram: the summary, then the lesson in Telegram's HTML, then as a Markdown document.
    const telegram = (await platformCalls("telegram", chat)).filter((c) => c.method !== "sendChatAction");
    expect(telegram.map((c) => c.method)).toEqual(["sendMessage", "sendMessage", "sendDocument"]);
    expect(telegram[1]!.body).toMatchObject({ parse_mode: "HTML", text: expect.stringContaining("<b>Objectives</b>") });
    expect(String(telegram[0]!.body.text)).toContain("lesson 1 of 3: Vectors — What a vector is");
    expect(String(telegram[0]!.body.text)).toContain("Today: What a vector is.");
    expect(telegram[2]!.body.document).toEqual({ filename: lesson!.key, text: lessonMarkdown("What a vector is") });
    // And to Slack: the summary in the channel, the lesson in its thread.
    const slack = await platformCalls("slack", channel);
    expect(slack.length).toBeGreaterThanOrEqual(2);
    expect(slack[0]!.body.thread_ts).toBeUndefined();
    expect(slack.slice(1).every((c) => c.body.thread_ts !== undefined)).toBe(true);

    // The next day is a new period: lesson 2 continues from lesson 1.
    await tick("2031-05-02T00:00:00Z");
    const afterDay2 = await waitForLessons(course.id, 2);
    expect(afterDay2.lessons.map((l) => l.period)).toEqual(["2031-05-01T00:00Z", "2031-05-02T00:00Z"]);
    const secondInput = JSON.stringify((await requests(key)).requests[3]!.messages);
    expect(secondInput).toContain("Today: lesson 2 of 3: Adding vectors");
    expect(secondInput).toContain(`1. Vectors — What a vector is (saved as ${lesson!.key})`);
  });
});
