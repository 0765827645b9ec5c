// The chat's watchdog takes up a job a restart interrupted (a deploy resets the object mid-job): one cut off
// after its run or its /course's course was made, but before the job recorded it, is in the state this test
// puts it back in (queued, no run). Taken up again, it gets the same run or course back through the delivery's
// Idempotency-Key (src/channels/delivery-key.ts) instead of making a second: one model call, one course.
import { afterEach, describe, expect, it } from "vitest";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { takeUpAgainAfterRestart } from "../support/chat-restart";
import { chatSettled } from "../support/chat-settled";
import { SYLLABUS_REPLY } from "../support/course-fixtures";
import { requests, script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

const created = new Set<string>();
afterEach(async () => {
  for (const id of created) await call(`/v1/courses/${id}`, { method: "DELETE" });
  created.clear();
});

const texts = async (chat: number) =>
  (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));

describe("a chat job taken up again after a restart", () => {
  it("follows the run it had started instead of starting a second", async () => {
    const key = uniqueId("restart-ask");
    const marker = await script(key, [{ text: "Photosynthesis makes sugar." }, { text: "A second run." }]);
    const chat = uniqueChatId();
    const update = telegramUpdate(chat, `${marker} What is photosynthesis?`);
    await postTelegram(update);
    await waitFor(async () => (await texts(chat)).length === 1, "the answer");

    await takeUpAgainAfterRestart(`telegram:${chat}`, `update:${update.update_id}`);
    // Its one part was recorded as sent (chat-answer-parts.ts): not sent again.
    await chatSettled(`telegram:${chat}`);
    expect(await texts(chat)).toEqual(["Photosynthesis makes sugar."]);
    expect((await requests(key)).requests).toHaveLength(1);
    const session = (await (await call(`/v1/sessions/tg-${chat}`)).json()) as { runs: unknown[] };
    expect(session.runs).toHaveLength(1);
  });

  it("gets the course its /course made instead of making a second", async () => {
    const marker = await script(uniqueId("restart-course"), [SYLLABUS_REPLY, SYLLABUS_REPLY]);
    const chat = uniqueChatId();
    const update = telegramUpdate(chat, `/course ${marker} Vectors`);
    await postTelegram(update);
    await waitFor(async () => (await texts(chat)).length === 1, "the confirmation");

    await takeUpAgainAfterRestart(`telegram:${chat}`, `update:${update.update_id}`);
    const replies = await waitFor(async () => {
      const t = await texts(chat);
      return t.length === 2 && t;
    }, "the confirmation, sent again");
    const ids = replies.map((r) => /(course-[0-9a-f]{12})/.exec(r)?.[1]);
    for (const id of ids) if (id) created.add(id);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
  });
});
