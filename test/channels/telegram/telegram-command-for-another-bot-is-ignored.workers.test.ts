// In a group, "/stop@OtherBot", "/quiz@OtherBot" and "/help@OtherBot" are other bots' commands: ours
// neither answers nor acts on them (before, any "@name" was taken as ours). "/help@<our username>"
// (the fake Bot API's getMe answers it) is ours and answered.
import { describe, expect, it } from "vitest";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, TELEGRAM_BOT_USERNAME, telegramGroupUpdate } from "../../support/telegram-requests";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

describe("a Telegram command addressed to another bot", () => {
  it("is ignored; one addressed to ours is answered", async () => {
    const group = -uniqueChatId();
    for (const text of ["/stop@OtherBot", "/quiz@OtherBot", "/help@OtherBot", "/lesson@OtherBot photosynthesis"])
      expect((await postTelegram(telegramGroupUpdate(group, text))).status).toBe(200);
    expect((await postTelegram(telegramGroupUpdate(group, `/help@${TELEGRAM_BOT_USERNAME.toLowerCase()}`))).status).toBe(200);

    const sent = await waitFor(async () => {
      const messages = (await platformCalls("telegram", group)).filter((c) => c.method === "sendMessage");
      return messages.length > 0 && messages;
    }, "the answer to our /help");
    // Messages are handled in order, so anything said to the others would have come first.
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.body.text)).toMatch(new RegExp(`^${SAY.telegramHelp.slice(0, 30)}`));
    expect((await platformCalls("telegram", group)).map((c) => c.method)).toEqual(["sendMessage"]);
  });
});
