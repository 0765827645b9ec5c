// A lesson whose delivery never succeeded within its period was never delivered: the next period wrote and
// sent lesson 2 only, lesson 1 kept deliveredAt null, and lesson 2's success cleared the course's lastError,
// so the chat missed lesson 1 with no word anywhere. Now the next tick sends lesson 1 first (to the targets it
// has not reached, never twice), its failure stays on the lesson (deliveryError) without holding up lesson 2,
// and a lesson older than COURSE_LATE_LESSON_DAYS is left, its failure still shown.
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** A daily course to one Telegram chat, with three lessons scripted. */
async function dailyCourse(name: string) {
  const key = uniqueId(name);
  const lessons = ["What a vector is", "Adding vectors", "The dot product"].flatMap((title, i) => lessonReplies(uniqueId(`${name}-${i + 1}`), title));
  const marker = await script(key, [SYLLABUS_REPLY, ...lessons]);
  const chat = uniqueChatId();
  const course = await createPlannedCourse({ topic: `${marker} Vectors`, cron: "0 0 * * *", deliver: [{ platform: "telegram", to: chat }] });
  created.push(course.id);
  return { id: course.id, chat };
}

/** The lesson headings the chat received, in order ("lesson 1 of 3", …). */
const headings = async (chat: number) =>
  (await platformCalls("telegram", chat)).flatMap((c) => (c.method === "sendMessage" ? (/lesson \d of 3/.exec(String(c.body.text)) ?? []) : []));
/** The course once it has `n` lessons and its last is delivered. */
const lessonsDone = (id: string, n: number) =>
  waitFor(async () => {
    const c = await getCourse(id);
    return c.lessons.length === n && c.lessons.at(-1)!.deliveredAt !== null && c;
  }, `lesson ${n} delivered`);

/** The course once its period's failure is recorded (the tick's work is over). */
const periodFailed = (id: string) =>
  waitFor(async () => {
    const c = await getCourse(id);
    return c.lastError !== null && c;
  }, "the period's failure");

describe("a lesson whose delivery failed all through its period", () => {
  it("is sent before the next period's lesson, its failure kept on it until it arrives", async () => {
    const { id, chat } = await dailyCourse("late-lesson");

    await failNextCalls("telegram", chat, 1);
    await tick("2034-04-01T08:00:00Z");
    const missed = await periodFailed(id);
    expect(missed.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "telegram_api_failed", period: "2034-04-01T00:00Z" } });

    // Day 2: lesson 1's late delivery fails once more; lesson 2 is written and delivered all the same.
    await failNextCalls("telegram", chat, 1);
    await tick("2034-04-02T08:00:00Z");
    const second = await lessonsDone(id, 2);
    expect(second.lastError).toBeNull();
    expect(second.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "telegram_api_failed" } });

    // Day 3: lesson 1 arrives, then lesson 3; lesson 2 is not sent again.
    await tick("2034-04-03T08:00:00Z");
    const third = await lessonsDone(id, 3);
    expect(third.lessons.map((l) => [l.deliveredAt !== null, l.deliveryError])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(await headings(chat)).toEqual(["lesson 1 of 3", "lesson 1 of 3", "lesson 2 of 3", "lesson 1 of 3", "lesson 3 of 3"]);
    const documents = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendDocument");
    expect(documents).toHaveLength(3);
  });

  it("is left once its period began more than COURSE_LATE_LESSON_DAYS (7) before, its failure still shown", async () => {
    const { id, chat } = await dailyCourse("too-late-lesson");

    await failNextCalls("telegram", chat, 1);
    await tick("2034-04-11T08:00:00Z");
    await periodFailed(id);

    await tick("2034-04-19T08:00:00Z");
    const later = await lessonsDone(id, 2);
    expect(later.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "telegram_api_failed" } });
    expect((await platformCalls("telegram", chat)).filter((c) => c.method === "sendDocument")).toHaveLength(1);
  });
});
