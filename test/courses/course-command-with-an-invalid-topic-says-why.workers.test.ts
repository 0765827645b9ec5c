// A chat's /course whose topic is not a course topic (over 500 characters) is answered with what is wrong,
// not "something went wrong on my side, try again" (which no retry would fix), and creates no course. It is
// said in the person's language, with the topic's length and the limit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

/** The chat's first reply, as plain text. */
const firstReply = (chat: number) =>
  waitFor(async () => {
    const texts = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));
    return texts.length > 0 && texts[0]!;
  }, "the reply");

describe("/course with an invalid topic", () => {
  it("tells the chat the topic is too long and creates nothing", async () => {
    const chat = uniqueChatId();
    const tag = uniqueId("long-topic");
    await postTelegram(telegramUpdate(chat, `/course ${tag} ${"x".repeat(600)}`));
    const reply = await firstReply(chat);
    expect(reply).toContain("The course was not created");
    expect(reply).toContain("500");
    expect(reply).toContain("topic");
    const { courses } = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(courses.some((c) => c.topic.includes(tag))).toBe(false);
  });

  it("says so in the person's language", async () => {
    const chat = uniqueChatId();
    const topic = `${uniqueId("largo")} ${"y".repeat(600)}`;
    await postTelegram(fromLanguage(telegramUpdate(chat, `/course ${topic}`), "es"));
    const spanish = await chatPhrases(env.ASSETS, "es");
    expect(await firstReply(chat)).toBe(fill(spanish.courseTopicTooLong, { length: topic.length, max: 500 }));
    expect(spanish.courseTopicTooLong).not.toBe((await chatPhrases(env.ASSETS, "en")).courseTopicTooLong);
  });
});
