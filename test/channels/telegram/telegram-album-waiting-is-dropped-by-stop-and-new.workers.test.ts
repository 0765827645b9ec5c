// /stop and /new drop an album still waiting in the conversation. The chat's object holds an album's photos until
// TELEGRAM_ALBUM_WAIT_MS after its last one; /stop only cancelled runs, so it answered "Nothing is running." and
// the album was asked afterwards, and after /new the album was asked in the fresh conversation. Now the album is
// dropped: /stop answers "Stopped." and nothing is asked.
import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a Telegram album still waiting", () => {
  for (const [command, answer] of [
    ["/stop", "Stopped."],
    ["/new", "Fresh start: I have forgotten our previous conversation. What would you like to learn?"],
  ] as const) {
    it(`is dropped by ${command}: nothing is asked afterwards`, async () => {
      const key = uniqueId("tg-album-dropped");
      const marker = await script(key, [{ text: "An answer nobody wants any more." }]);
      const chat = uniqueChatId();
      const album = await telegramAlbum(chat, 2, { caption: `${marker} Which of these two is right?` });
      for (const update of album.updates) expect((await postTelegram(update)).status).toBe(200);
      expect((await postTelegram(telegramUpdate(chat, command))).status).toBe(200);

      await waitFor(async () => (await texts(chat)).length > 0, "the answer");
      // Nothing held any more and every job finished: an album left waiting would have been started and answered first.
      await chatSettled(`telegram:${chat}`, 3);
      expect((await requests(key)).requests).toHaveLength(0);
      expect(await texts(chat)).toEqual([answer]);
    });
  }
});
