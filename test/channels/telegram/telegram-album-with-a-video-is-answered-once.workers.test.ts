// An album with something the bot cannot read (a video among the photos) is answered once with what it could
// not read, as a video sent alone is: the caption's question is about all of the album, so it is not asked
// of the photos alone, and it is not answered once per photo. Nothing is downloaded and the model is not asked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatPhrases } from "../../../src/platforms/chat-phrases";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { endAlbumWait } from "../../support/album-wait";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { inAlbum, postTelegram, telegramAttachmentUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a Telegram album with a video", () => {
  it("is answered once with what the bot cannot read; nothing is downloaded or asked", async () => {
    const key = uniqueId("tg-album-video");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const chat = uniqueChatId();
    const album = await telegramAlbum(chat, 2, { caption: `${marker} what happens in these?` });
    const video = inAlbum(telegramAttachmentUpdate(chat, "video", { file_id: uniqueId("video"), file_unique_id: "uv", duration: 4 }), album.mediaGroupId);
    for (const update of [...album.updates, video]) expect((await postTelegram(update)).status).toBe(200);
    await endAlbumWait(chat);

    const expected = unreadableReply({ kind: "attachment", what: "attachmentVideo" }, await chatPhrases(env.ASSETS, undefined));
    await waitFor(async () => (await texts(chat)).includes(expected), "the reply");
    await chatSettled(`telegram:${chat}`, 3);
    expect(await texts(chat)).toEqual([expected]);
    expect((await requests(key)).requests).toHaveLength(0);
    for (const fileId of album.fileIds) expect(await platformCalls("telegram", fileId)).toEqual([]);
  });
});
