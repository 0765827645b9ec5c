// A lesson whose delivery never succeeded within its period was never delivered: the next period wrote and
// sent lesson 2 only, lesson 1 kept deliveredAt null, and lesson 2's success cleared the course's lastError,
// so the chat missed lesson 1 with no word anywhere. Now the next tick sends lesson 1 first (to the targets it
// has not reached, never twice), its failure stays on the lesson (deliveryError) without holding up lesson 2,
// and a lesson older than COURSE_LATE_LESSON_DAYS is left, its failure still shown.
import { afterEach, describe, expect, it } from "vitest";
import { tick } from "../support/course-tick";
import { dailyCourse, documents, headings, lessonsDone, periodFailed } from "../support/late-lesson-course";
import { failNextCalls } from "../support/platform-control";
import { call } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("a lesson whose delivery failed all through its period", () => {
  it("is sent before the next period's lesson, its failure kept on it until it arrives", async () => {
    const { id, chat } = await dailyCourse("late-lesson", created);

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
    expect(await documents(chat)).toHaveLength(3);
  });

  it("is left once its period began more than COURSE_LATE_LESSON_DAYS (7) before, its failure still shown", async () => {
    const { id, chat } = await dailyCourse("too-late-lesson", created);

    await failNextCalls("telegram", chat, 1);
    await tick("2034-04-11T08:00:00Z");
    await periodFailed(id);

    await tick("2034-04-19T08:00:00Z");
    const later = await lessonsDone(id, 2);
    expect(later.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "telegram_api_failed" } });
    expect(await documents(chat)).toHaveLength(1);
  });
});
