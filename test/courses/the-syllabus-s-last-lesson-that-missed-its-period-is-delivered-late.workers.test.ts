// The syllabus's last lesson was never sent again once its delivery failed: the course was finished, and the
// tick set a finished course never due, so the chat missed it and the course kept its error for good. Now a
// finished course stays due while a lesson of it is undelivered within COURSE_LATE_LESSON_DAYS: retried at
// each tick while its period lasts, then at the next period's first tick, and never sent twice.
import { afterEach, describe, expect, it } from "vitest";
import { getCourse } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { dailyCourse, documents, headings, lessonsDone, periodFailed } from "../support/late-lesson-course";
import { failNextCalls, waitFor } from "../support/platform-control";
import { call } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("the syllabus's last lesson whose delivery failed", () => {
  it("is retried within its period and after it, until it arrives", async () => {
    const { id, chat } = await dailyCourse("late-last-lesson", created);
    await tick("2034-05-01T08:00:00Z");
    await lessonsDone(id, 1);
    await tick("2034-05-02T08:00:00Z");
    await lessonsDone(id, 2);

    await failNextCalls("telegram", chat, 2);
    await tick("2034-05-03T08:00:00Z");
    const failed = await periodFailed(id);
    expect(failed).toMatchObject({ status: "finished", lastError: { code: "telegram_api_failed" } });
    expect(failed.lessons[2]).toMatchObject({ deliveredAt: null, deliveryError: { code: "telegram_api_failed", period: "2034-05-03T00:00Z" } });

    // Within its period: the next tick tries again (and fails once more).
    await tick("2034-05-03T09:00:00Z");
    await waitFor(async () => (await getCourse(id)).lessons[2]!.deliveryError?.at !== failed.lessons[2]!.deliveryError!.at, "the retry");

    // The next day: it arrives, and the course's error is over.
    await tick("2034-05-04T08:00:00Z");
    const done = await lessonsDone(id, 3);
    expect(done).toMatchObject({ status: "finished", lastError: null, nextLessonAt: null });
    expect(done.lessons[2]!.deliveryError).toBeNull();
    await tick("2034-05-05T08:00:00Z");
    expect(await headings(chat)).toEqual(["lesson 1 of 3", "lesson 2 of 3", "lesson 3 of 3", "lesson 3 of 3", "lesson 3 of 3"]);
    expect(await documents(chat)).toHaveLength(3);
  });
});
