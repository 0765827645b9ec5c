// A course delivering to a Telegram chat and a Slack channel stopped at the first target that failed: a chat
// that blocked the bot (Telegram 403, for good) kept every lesson from the Slack channel, every tick. Now each
// target is served on its own; the failure is still recorded, and the retry goes to the failed target only.
// (A 403 now also gives the chat up: a-chat-gone-for-good-is-given-up; here Telegram fails for a while, 500.)
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { uniqueChannel } from "../support/slack-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const sent = async (platform: "telegram" | "slack", to: string | number) =>
  (await platformCalls(platform, to)).filter((c) => c.method !== "sendChatAction" && c.method !== "users.info");

describe("a course whose first target fails", () => {
  it("still delivers to the others, records the failure and retries only the failed target", async () => {
    const key = uniqueId("course-blocked-first");
    const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("vectors-blocked"), "What a vector is")]);
    const chat = uniqueChatId();
    const channel = uniqueChannel();
    const course = await createPlannedCourse({
      topic: `${marker} Vectors`,
      deliver: [
        { platform: "telegram", to: chat },
        { platform: "slack", to: channel },
      ],
    });
    created.push(course.id);

    await failNextCalls("telegram", chat, 1);
    await tick("2031-08-01T08:00:00Z");
    const failed = await waitFor(async () => {
      const c = await getCourse(course.id);
      return c.lastError !== null && (await sent("slack", channel)).length > 0 && c;
    }, "the failure recorded and the Slack channel served");
    expect(failed.lastError).toMatchObject({ code: "telegram_api_failed", period: "2031-08-01T00:00Z" });
    expect(failed.lessons[0]!.deliveredAt).toBeNull();
    const slackFirst = (await sent("slack", channel)).length;
    expect(slackFirst).toBeGreaterThanOrEqual(2); // the announcement and the lesson

    await tick("2031-08-01T09:00:00Z");
    await waitFor(async () => (await getCourse(course.id)).lessons.every((l) => l.deliveredAt), "the retry delivered");
    expect((await sent("slack", channel)).length).toBe(slackFirst);
    expect((await sent("telegram", chat)).map((c) => c.method)).toEqual(["sendMessage", "sendMessage", "sendMessage", "sendDocument"]);
  });
});
