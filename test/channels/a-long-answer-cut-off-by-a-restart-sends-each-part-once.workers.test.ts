// A long answer goes out as several messages; a restart between them (an eviction, a deploy) takes the job up
// again. The object stops here after the first part: the platform refuses the second (and the "went wrong" that
// follows), so the job ends with one part out, as a restart there leaves it; then the watchdog takes it up again
// (chat-restart.ts). Each part recorded as sent (src/channels/chat-answer-parts.ts) is not sent again: the
// person gets each part once, in order. The two refused calls are the fake's record of attempts, not messages.
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { chatSettled } from "../support/chat-settled";
import { takeUpAgainAfterRestart } from "../support/chat-restart";
import { script } from "../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { appMention, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../support/slack-requests";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

/** The calls that reached the person: all but the second and third attempts, which the fake refused. */
const delivered = <T>(attempts: T[]) => attempts.filter((_, i) => i !== 1 && i !== 2);

/** Waits for the attempts the fake refuses (the second part, then the "went wrong"): the object stopped after the first. */
const refused = (platform: "telegram" | "slack", to: string | number, method: string) =>
  waitFor(async () => (await platformCalls(platform, to)).filter((c) => c.method === method).length === 3, "the first part and two refused attempts");

describe("a long answer cut off by a restart after its first part", () => {
  it("sends each part once, in order, on Telegram", async () => {
    // Ten paragraphs of 900 characters: three messages of four, four and two.
    const paragraphs = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1}. ${"The cell cycle has phases. ".repeat(40)}`.slice(0, 900).trim());
    const marker = await script(uniqueId("tg-parts"), [{ text: paragraphs.join("\n\n") }]);
    const chat = uniqueChatId();
    await failNextCalls("telegram", chat, 2, { method: "sendMessage", after: 1 });
    const update = telegramUpdate(chat, `${marker} Explain the cell cycle in depth.`);
    expect((await postTelegram(update)).status).toBe(200);
    await refused("telegram", chat, "sendMessage");

    await takeUpAgainAfterRestart(`telegram:${chat}`, `update:${update.update_id}`);
    await chatSettled(`telegram:${chat}`);
    const attempts = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");
    expect(delivered(attempts).map((c) => htmlToPlain(String(c.body.text)))).toEqual([
      paragraphs.slice(0, 4).join("\n\n"),
      paragraphs.slice(4, 8).join("\n\n"),
      paragraphs.slice(8).join("\n\n"),
    ]);
  });

  it("sends each part once, in order, in its Slack thread", async () => {
    // Six paragraphs of about 1,500 characters: three messages of two.
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Part ${i + 1}: ${"Vectors add tip to tail. ".repeat(60)}`.trim());
    const marker = await script(uniqueId("slack-parts"), [{ text: paragraphs.join("\n\n") }]);
    const channel = uniqueChannel();
    await failNextCalls("slack", channel, 2, { after: 1 });
    const mention = appMention(channel, `${marker} explain vectors`);
    const callback = eventCallback(mention);
    expect((await postSlack(callback)).status).toBe(200);
    const object = `slack:${TEAM_ID}:${channel}`;
    await refused("slack", channel, "chat.postMessage");

    await takeUpAgainAfterRestart(object, `event:${callback.event_id}`);
    await chatSettled(object);
    const received = delivered((await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage"));
    expect(received).toHaveLength(3);
    for (const c of received) expect(c.body.thread_ts).toBe(mention.ts);
    const texts = received.map((c) => String(c.body.text));
    expect(texts.map((t) => [...t.matchAll(/Part (\d):/g)].map((m) => Number(m[1])))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
});
