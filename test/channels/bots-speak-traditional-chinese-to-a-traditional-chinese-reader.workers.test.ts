// A person whose app reads Traditional Chinese (Telegram's language_code zh-hant or zh-tw, a Slack locale zh-TW)
// is answered in Traditional Chinese, made from the Simplified phrases at build time (scripts/traditional-chinese.mjs);
// zh-hans and zh-CN stay Simplified. Before, every Chinese tag got the Simplified phrases.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { escapeSlackText } from "../../src/platforms/slack/slack-api";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, setSlackLocale, uniqueChatId, waitFor } from "../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../support/slack-requests";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";

// 當前沒有正在進行的任務。 and 当前没有正在进行的任务。: 當/当, 沒/没, 進/进, 務/务 differ.
const TRADITIONAL = "當前沒有正在進行的任務。";
const SIMPLIFIED = "当前没有正在进行的任务。";

describe("a Traditional Chinese reader", () => {
  it("is answered in Traditional Chinese on Telegram, and a Simplified one in Simplified", async () => {
    expect((await chatPhrases(env.ASSETS, "zh-hant")).nothingRunning).toBe(TRADITIONAL);
    const chat = uniqueChatId();
    const languages = ["zh-hant", "zh-tw", "zh-hans", "zh"];
    for (const [i, language] of languages.entries()) {
      await postTelegram(fromLanguage(telegramUpdate(chat, "/stop"), language));
      await waitFor(
        async () => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").length === i + 1,
        `the reply for ${language}`,
      );
    }
    const replies = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));
    expect(replies).toEqual([TRADITIONAL, TRADITIONAL, SIMPLIFIED, SIMPLIFIED]);
  });

  it("is answered in Traditional Chinese on Slack, for a locale of zh-TW", async () => {
    const user = `U0TW${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await setSlackLocale(user, "zh-TW");
    const channel = uniqueChannel("D");
    expect(await postSlack(eventCallback(directMessage(channel, "/stop", { user })))).toHaveProperty("status", 200);
    const posted = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage"), "the reply");
    expect(String(posted.body.text)).toBe(escapeSlackText(TRADITIONAL));
  });
});
