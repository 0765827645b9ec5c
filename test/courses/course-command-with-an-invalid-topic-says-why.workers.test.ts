// A chat's /course whose topic is not a course topic (over 500 characters) is answered with what is wrong,
// not "something went wrong on my side, try again" (which no retry would fix), and creates no course.
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

describe("/course with an invalid topic", () => {
  it("tells the chat the topic is too long and creates nothing", async () => {
    const chat = uniqueChatId();
    const tag = uniqueId("long-topic");
    await postTelegram(telegramUpdate(chat, `/course ${tag} ${"x".repeat(600)}`));
    const [reply] = await waitFor(async () => {
      const texts = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));
      return texts.length > 0 && texts;
    }, "the reply");
    expect(reply).toContain("The course was not created");
    expect(reply).toContain("500");
    expect(reply).toContain("topic");
    const { courses } = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(courses.some((c) => c.topic.includes(tag))).toBe(false);
  });
});
