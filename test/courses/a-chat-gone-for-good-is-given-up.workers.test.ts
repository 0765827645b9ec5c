// A target that fails for good (a chat that blocked the bot, a Slack channel that is gone) was retried at every
// hourly tick, and each period wrote a new lesson (a model run) for it. Now the platforms name such errors
// chat_unreachable; the course gives that target up (`stopped`) and goes on with the others, and a course with
// no target left writes no more lessons (lastError no_reachable_target, no next lesson).
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { uniqueChannel } from "../support/slack-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const sent = async (platform: "telegram" | "slack", to: string | number) =>
  (await platformCalls(platform, to)).filter((c) => c.method !== "sendChatAction" && c.method !== "users.info");

/** Two lessons scripted; the course's id and the model script's key. */
async function course(name: string, deliver: unknown[]) {
  const key = uniqueId(name);
  const lessons = ["What a vector is", "Adding vectors"].flatMap((title, i) => lessonReplies(uniqueId(`${name}-${i + 1}`), title));
  const marker = await script(key, [SYLLABUS_REPLY, ...lessons]);
  const planned = await createPlannedCourse({ topic: `${marker} Vectors`, cron: "0 0 * * *", deliver });
  created.push(planned.id);
  return { id: planned.id, key };
}

describe("a target that fails for good", () => {
  it("is given up, and the other targets still get every lesson", async () => {
    const chat = uniqueChatId();
    const channel = uniqueChannel();
    const { id } = await course("course-blocked-for-good", [
      { platform: "telegram", to: chat },
      { platform: "slack", to: channel },
    ]);

    await failNextCalls("telegram", chat, 1, { status: 403, description: "Forbidden: bot was blocked by the user" });
    await tick("2034-05-01T08:00:00Z");
    const first = await waitFor(async () => {
      const c = await getCourse(id);
      return Boolean(c.lessons[0]?.deliveredAt) && c;
    }, "lesson 1 delivered to the live target");
    expect(first.stopped).toEqual([{ target: `telegram:${chat}`, code: "chat_unreachable", message: expect.stringContaining("403"), at: expect.any(String) }]);
    expect(first.lastError).toBeNull();

    await tick("2034-05-02T08:00:00Z");
    await waitFor(async () => Boolean((await getCourse(id)).lessons[1]?.deliveredAt), "lesson 2 delivered");
    expect((await sent("telegram", chat)).length).toBe(1); // the refused announcement only
    expect((await sent("slack", channel)).filter((c) => /lesson 2 of 3/.test(String(c.body.text)))).toHaveLength(1);
  });

  it("stops the course's lessons when it was the last target: no model run for nobody", async () => {
    const channel = uniqueChannel();
    const { id, key } = await course("course-channel-gone", [{ platform: "slack", to: channel }]);

    await failNextCalls("slack", channel, 1, { description: "channel_not_found" });
    await tick("2034-05-03T08:00:00Z");
    const stopped = await waitFor(async () => {
      const c = await getCourse(id);
      return c.lastError !== null && c;
    }, "the course stopped");
    expect(stopped).toMatchObject({
      stopped: [{ target: `slack:${channel}`, code: "chat_unreachable" }],
      lastError: { code: "no_reachable_target", period: "2034-05-03T00:00Z" },
      nextLessonAt: null,
    });
    expect(stopped.lessons[0]).toMatchObject({ deliveredAt: null, deliveryError: { code: "chat_unreachable" } });
    const runs = (await requests(key)).requests.length;

    await tick("2034-05-03T09:00:00Z");
    await tick("2034-05-04T08:00:00Z");
    const after = await getCourse(id);
    expect(after.lessons).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(runs);
    expect(await sent("slack", channel)).toHaveLength(1);
  });
});
