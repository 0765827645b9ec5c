// An album sent while the model cannot see (MODEL_VISION off) is answered once that it cannot, as a single
// photo is: not once per photo. Nothing is downloaded and the model is not asked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatPhrases } from "../../../src/platforms/chat-phrases";
import { endAlbumWait } from "../../support/album-wait";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { telegramPosterWith } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const post = telegramPosterWith({ MODEL_VISION: "false" });
const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a Telegram album the model cannot see", () => {
  it("is answered once that the bot cannot see images; nothing is downloaded or asked", async () => {
    const key = uniqueId("tg-album-blind");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const chat = uniqueChatId();
    const album = await telegramAlbum(chat, 3, { caption: `${marker} which one is right?` });
    for (const update of album.updates) expect((await post(update)).status).toBe(200);
    await endAlbumWait(chat);

    const say = await chatPhrases(env.ASSETS, undefined);
    await waitFor(async () => (await texts(chat)).includes(say.imageVision), "the no-vision reply");
    await chatSettled(`telegram:${chat}`, 3);
    expect(await texts(chat)).toEqual([say.imageVision]);
    expect((await requests(key)).requests).toHaveLength(0);
    for (const fileId of album.fileIds) expect(await platformCalls("telegram", fileId)).toEqual([]);
  });
});
