import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { CourseError } from "../../src/courses/course-store";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { studyReplies } from "../support/study-script";
import { uniqueChannel } from "../support/slack-requests";
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

/** The course once its lesson is delivered, or once a failure other than `earlier` is recorded. */
const waitForOutcome = (id: string, earlier: CourseError | null = null) =>
  waitFor(async () => {
    const course = await getCourse(id);
    const delivered = course.lessons.length > 0 && course.lessons.every((l) => l.deliveredAt);
    return (delivered || (course.lastError !== null && course.lastError.at !== earlier?.at)) && course;
  }, "the lesson delivered, or a new failure");

/** The model's replies when it fails for good (a first attempt and MODEL_MAX_RETRIES=1). */
const MODEL_DOWN = [{ status: 500 }, { status: 500 }];

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

  it("keeps the final lesson a run saved before it failed: delivered at once, not written again", async () => {
    const key = uniqueId("course-saved-then-failed");
    const file = uniqueId("derivatives");
    // Research, then a lesson citing it saved final; then the model fails on the summary step, so the run fails.
    const research = studyReplies(String(env.SEARCH_BASE_URL), file).slice(0, -1);
    const marker = await script(key, [SYLLABUS_REPLY, ...research, ...MODEL_DOWN]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Calculus`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await tick("2031-06-02T08:00:00Z");
    const done = await waitForOutcome(course.id);
    expect(done.lastError).toBeNull();
    expect(done.lessons.map((l) => l.key)).toEqual([`${file}.md`]);
    expect((await requests(key)).requests).toHaveLength(1 + research.length + MODEL_DOWN.length); // no second run
    const sent = (await platformCalls("telegram", chat)).filter((c) => c.method !== "sendChatAction");
    // Its heading alone (the run wrote no summary), the lesson (its text and document), then the quiz offer.
    expect(String(sent[0]!.body.text)).toMatch(/lesson 1 of 3: Derivatives$/);
    expect(sent.filter((c) => c.method === "sendDocument")).toHaveLength(1);
    expect(sent.at(-1)!.body.reply_markup).toBeDefined();
  });

  it("writes the lesson again in a fresh session when the failed run left only a draft, so the same filename saves", async () => {
    const key = uniqueId("course-draft-then-failed");
    const file = uniqueId("vectors-draft");
    const [save, summary] = lessonReplies(file, "What a vector is");
    // The scripted lesson lacks sections, so it is saved as a draft; then the model fails.
    const marker = await script(key, [SYLLABUS_REPLY, save!, ...MODEL_DOWN]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await tick("2031-06-03T08:00:00Z");
    const failed = await waitForError(course.id);
    expect(failed.lastError!.message).toContain("the lesson run did not complete");
    expect(failed.lessons).toEqual([]);

    await script(key, [save!, summary!]);
    await tick("2031-06-03T09:00:00Z");
    const done = await waitForOutcome(course.id, failed.lastError);
    expect(done.lastError).toBeNull();
    // Saved anew under the draft's name (the failed attempt's draft is gone: a-failed-lesson-run-leaves-no-draft-beside-the-retry), and delivered.
    expect(done.lessons.map((l) => l.key)).toEqual([`${file}.md`]);
    expect((await requests(key)).requests).toHaveLength(2);
    expect((await platformCalls("telegram", chat)).filter((c) => c.method === "sendDocument")).toHaveLength(1);
  });

  it("sends only what did not arrive when a delivery fails part way (Telegram: the lesson's document)", async () => {
    const key = uniqueId("course-partial-telegram");
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("vectors-partial"), "What a vector is")]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);

    await failNextCalls("telegram", chat, 1, { method: "sendDocument" });
    await tick("2031-07-02T08:00:00Z");
    expect((await waitForError(course.id)).lastError!.message).toContain("sendDocument");
    await tick("2031-07-02T09:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError).toBeNull();
    const sent = (await platformCalls("telegram", chat)).filter((c) => c.method !== "sendChatAction");
    // The announcement and the lesson's text once; its document, which failed, again (then the quiz offer, if any).
    expect(sent.map((c) => c.method)).toEqual(["sendMessage", "sendMessage", "sendDocument", "sendDocument"]);
    expect(sent.filter((c) => String(c.body.text).includes("lesson 1 of 3"))).toHaveLength(1);
  });

  it("sends only what did not arrive when a delivery fails part way (Slack: the lesson goes to the first announcement's thread)", async () => {
    const key = uniqueId("course-partial-slack");
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("vectors-partial"), "What a vector is")]);
    const channel = uniqueChannel();
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: [{ platform: "slack", to: channel }] });
    created.push(course.id);

    await failNextCalls("slack", channel, 1, { after: 1 });
    await tick("2031-07-03T08:00:00Z");
    await waitForError(course.id);
    await tick("2031-07-03T09:00:00Z");
    const done = await waitForLessons(course.id, 1);
    expect(done.lastError).toBeNull();
    const [announcement, failed, lesson, ...more] = await platformCalls("slack", channel);
    expect(more).toEqual([]);
    expect(String(announcement!.body.text)).toContain("lesson 1 of 3");
    expect(announcement!.body.thread_ts).toBeUndefined();
    expect(lesson!.body).toEqual(failed!.body);
    expect(lesson!.body.thread_ts).toBeDefined();
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
