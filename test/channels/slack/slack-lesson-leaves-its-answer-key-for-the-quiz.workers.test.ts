// A lesson posted in a Slack thread leaves its Answer Key out, as Telegram's messages do: the key is for the
// quiz ("Quiz me" under the lesson asks and grades against it). Slack posted the lesson whole (audit R4), so a
// learner read every answer right above the button that asks for them.
import { describe, expect, it } from "vitest";
import { ENGLISH_PHRASES } from "../../support/english-phrases";
import { messageLog } from "../../support/message-log";
import { platformCalls, waitFor } from "../../support/platform-control";
import { lessonWriter } from "../../support/quiz-chats";
import { appMention, eventCallback, postSlack, uniqueChannel } from "../../support/slack-requests";

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => ({ text: String(c.body.text) }));

describe("a lesson posted on Slack", () => {
  it("shows the exercises and keeps their answers for the quiz", async () => {
    const channel = uniqueChannel();
    const next = messageLog(() => posted(channel), waitFor);
    const writer = await lessonWriter();
    expect((await postSlack(eventCallback(appMention(channel, `${writer} teach me derivatives`)))).status).toBe(200);

    const [, lesson, offer] = await next(3);
    expect(lesson!.text).toContain("*Exercise 1.1 (Multiple choice)*");
    expect(lesson!.text).toContain("*Summary*");
    expect(lesson!.text).not.toContain("Answer Key");
    expect(lesson!.text).not.toContain("Answer:");
    expect(lesson!.text).not.toContain("Multiply by 5 and lower the exponent.");
    expect(offer!.text).toBe(ENGLISH_PHRASES.offer);
  });
});
