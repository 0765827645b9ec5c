// A course whose every target was given up (chat_unreachable) could only be deleted and created again, which lost
// its syllabus position. PATCH {"resume": true} takes its targets back: the next tick sends the lesson that missed
// its period late (within COURSE_LATE_LESSON_DAYS) and writes the current period's, never a burst of the periods
// it was stopped; a lesson older than the bound stays undelivered. A repeat of the PATCH changes nothing more.
import { afterEach, describe, expect, it } from "vitest";
import type { CourseView } from "../../src/courses/course-registry";
import { createPlannedCourse, getCourse, lessonReplies, stoppedCourse as stoppedSlackCourse, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { uniqueChannel } from "../support/slack-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** The Slack messages of lesson `n` the channel was sent (a refused one too). */
const lessonMessages = async (channel: string, n: number) =>
  (await platformCalls("slack", channel)).filter((c) => new RegExp(`lesson ${n} of 3`).test(String(c.body.text)));

const resume = async (id: string) => {
  const res = await call(`/v1/courses/${id}`, { method: "PATCH", json: { resume: true } });
  expect(res.status).toBe(200);
  return (await res.json()) as CourseView;
};

/** A stopped course (course-fixtures.ts), deleted after the test. */
async function stoppedCourse(name: string, at: string) {
  const course = await stoppedSlackCourse(name, at);
  created.push(course.id);
  return course;
}

describe("resuming a course that stopped", () => {
  it("sends the missed lesson late, then the current period's, once", async () => {
    const { id, key, channel } = await stoppedCourse("course-resumed", "2034-07-01T08:00:00Z");

    const resumed = await resume(id);
    expect(resumed).toMatchObject({ stopped: [], lastError: null, status: "active", nextIndex: 1 });
    expect(resumed.nextLessonAt).not.toBeNull();
    // A retried PATCH finds nothing to take back: the same course.
    const { progress: _p1, ...once } = resumed as CourseView & { progress: unknown };
    const { progress: _p2, ...twice } = (await resume(id)) as CourseView & { progress: unknown };
    expect(twice).toEqual(once);

    await tick("2034-07-03T08:00:00Z");
    const after = await waitFor(async () => {
      const c = await getCourse(id);
      return c.lessons.length === 2 && c.lessons.every((l) => l.deliveredAt) && c;
    }, "the late lesson and the current one delivered");
    expect(after.lessons.map((l) => l.period)).toEqual(["2034-07-01T00:00Z", "2034-07-03T00:00Z"]);
    expect(after.nextLessonAt).toBe("2034-07-04T00:00:00.000Z");
    expect(await lessonMessages(channel, 1)).toHaveLength(2); // the refused one, then the late one
    expect(await lessonMessages(channel, 2)).toHaveLength(1);

    // The period is done: another tick writes nothing (no lesson per period it was stopped).
    const runs = (await requests(key)).requests.length;
    await tick("2034-07-03T09:00:00Z");
    expect((await getCourse(id)).lessons).toHaveLength(2);
    expect((await requests(key)).requests).toHaveLength(runs);
  });

  it("resumed in the period it stopped, delivers that period's lesson without writing it again", async () => {
    const { id, key, channel } = await stoppedCourse("course-resumed-same-period", "2034-10-01T08:00:00Z");
    const runs = (await requests(key)).requests.length;
    await resume(id);

    await tick("2034-10-01T09:00:00Z");
    const after = await waitFor(async () => {
      const c = await getCourse(id);
      return Boolean(c.lessons[0]?.deliveredAt) && c;
    }, "the period's lesson delivered");
    expect(after.lessons).toHaveLength(1);
    expect(after).toMatchObject({ lastError: null, nextLessonAt: "2034-10-02T00:00:00.000Z" });
    expect((await requests(key)).requests).toHaveLength(runs);
    expect(await lessonMessages(channel, 1)).toHaveLength(2); // the refused one, then this one
  });

  it("leaves a lesson older than COURSE_LATE_LESSON_DAYS undelivered and goes on with the current one", async () => {
    const { id, channel } = await stoppedCourse("course-resumed-late", "2034-08-01T08:00:00Z");
    await resume(id);

    await tick("2034-08-20T08:00:00Z");
    const after = await waitFor(async () => {
      const c = await getCourse(id);
      return Boolean(c.lessons[1]?.deliveredAt) && c;
    }, "the current lesson delivered");
    expect(after.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "chat_unreachable" } });
    expect(after.lessons[1]!.period).toBe("2034-08-20T00:00Z");
    expect(after.nextLessonAt).toBe("2034-08-21T00:00:00.000Z");
    expect(await lessonMessages(channel, 1)).toHaveLength(1); // the refused one only
    expect(await lessonMessages(channel, 2)).toHaveLength(1);
  });
  it("takes a target given up back into a course that went on with its others, on its schedule", async () => {
    const key = uniqueId("course-resumed-target");
    const lessons = ["What a vector is", "Adding vectors"].flatMap((title, i) => lessonReplies(uniqueId(`${key}-${i + 1}`), title));
    const marker = await script(key, [SYLLABUS_REPLY, ...lessons]);
    const chat = uniqueChatId();
    const channel = uniqueChannel();
    const planned = await createPlannedCourse({
      topic: `${marker} Vectors`,
      deliver: [
        { platform: "telegram", to: chat },
        { platform: "slack", to: channel },
      ],
    });
    created.push(planned.id);
    await failNextCalls("telegram", chat, 1, { status: 403, description: "Forbidden: bot was blocked by the user" });
    await tick("2034-09-01T08:00:00Z");
    await waitFor(async () => Boolean((await getCourse(planned.id)).lessons[0]?.deliveredAt), "lesson 1 delivered to Slack");

    const resumed = await resume(planned.id);
    expect(resumed).toMatchObject({ stopped: [], lastError: null, nextLessonAt: "2034-09-02T00:00:00.000Z" });
    await tick("2034-09-01T09:00:00Z"); // its period is done: nothing more
    await tick("2034-09-02T08:00:00Z");
    await waitFor(async () => Boolean((await getCourse(planned.id)).lessons[1]?.deliveredAt), "lesson 2 delivered");
    const toChat = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
    expect(toChat.filter((t) => /lesson 1 of 3/.test(t))).toHaveLength(1); // the refused one: it was delivered to the others
    expect(toChat.filter((t) => /lesson 2 of 3/.test(t))).toHaveLength(1);
  });
});
