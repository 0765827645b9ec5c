// An album of more photos than one message may carry (MAX_IMAGES) is refused as a whole, saying how many it
// brought (as Slack refuses several files at once), rather than some photos being looked at and the rest left
// out in silence: no photo is downloaded and the model is not asked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { imageSettings } from "../../../src/images/settings";
import { chatPhrases } from "../../../src/platforms/chat-phrases";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { endAlbumWait } from "../../support/album-wait";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { postTelegram } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const sent = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a Telegram album of more photos than a message may carry", () => {
  it("is refused with how many it brought; nothing is downloaded or asked", async () => {
    const key = uniqueId("tg-album-over");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const chat = uniqueChatId();
    const count = imageSettings(env).MAX_IMAGES + 1;
    const album = await telegramAlbum(chat, count, { caption: `${marker} check all of these pages` });
    for (const update of album.updates) expect((await postTelegram(update)).status).toBe(200);
    await endAlbumWait(chat);

    const [refusal] = await waitFor(async () => {
      const texts = await sent(chat);
      return texts.length > 0 && texts;
    }, "the refusal");
    expect(refusal).toBe(unreadableReply({ kind: "files", count }, await chatPhrases(env.ASSETS, undefined)));
    await chatSettled(`telegram:${chat}`, count);
    expect(await sent(chat)).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(0);
    for (const fileId of album.fileIds) expect(await platformCalls("telegram", fileId)).toEqual([]);
  });
});
