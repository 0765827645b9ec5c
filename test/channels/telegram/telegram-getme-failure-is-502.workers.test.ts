// Telling "/stop@SomeBot" from a command for ours needs our username from getMe. When Telegram fails that
// call, the webhook answers 502 telegram_unavailable (Telegram's fault, not the update's, nor ours): Telegram
// delivers the update again, and nothing is acted on meanwhile. A bot token of its own keeps this test's
// getMe apart from the username the isolate has already learnt.
import { describe, expect, it } from "vitest";
import { failNextCalls, platformCalls, uniqueChatId } from "../../support/platform-control";
import { telegramGroupUpdate, telegramPosterWith } from "../../support/telegram-requests";

const post = telegramPosterWith({ TELEGRAM_BOT_TOKEN: "654321:getme-failure-token" });

describe("getMe failing while a command names a bot", () => {
  it("is 502 telegram_unavailable, and the redelivered update is then handled", async () => {
    const group = -uniqueChatId();
    await failNextCalls("telegram", "", 1, { status: 500, description: "Internal Server Error", method: "getMe" });
    const update = telegramGroupUpdate(group, "/stop@OtherBot");
    const failed = await post(update);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe("telegram_unavailable");

    // Telegram's redelivery: getMe answers now, and the command is another bot's, so nothing is said.
    expect((await post(update)).status).toBe(200);
    expect(await platformCalls("telegram", group)).toEqual([]);
  });
});
