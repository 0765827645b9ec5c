// Photos sent together (a Telegram album) are one question. Telegram delivers each photo as an update of its own,
// all with the album's media_group_id and the caption on one of them; each became a run of its own, so the
// caption's "which of these two…?" went with one photo and the other got an answer of its own. The chat's object
// now holds an album's photos until it is complete (TELEGRAM_ALBUM_WAIT_MS after its last photo), then asks once:
// the caption with every photo, in the album's order.
import { describe, expect, it } from "vitest";
import { endAlbumWait } from "../../support/album-wait";
import { chatSettled } from "../../support/chat-settled";
import { toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { postTelegram } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
const imageParts = (pngs: Uint8Array[]) => pngs.map((png) => ({ type: "image_url", image_url: { url: toDataUrl(png) } }));

describe("a Telegram album", () => {
  it("is one question: its caption with every photo, asked and answered once", async () => {
    const key = uniqueId("tg-album");
    const marker = await script(key, [{ text: "The second solution is correct." }, { text: "A second answer." }]);
    const chat = uniqueChatId();
    const question = `${marker} ¿Cuál de estas dos soluciones es correcta?`;
    const album = await telegramAlbum(chat, 2, { caption: question });
    for (const update of album.updates) expect((await postTelegram(update)).status).toBe(200);

    // The album's wait runs its real time here (TELEGRAM_ALBUM_WAIT_MS): its alarm starts it.
    await waitFor(async () => (await texts(chat)).includes("The second solution is correct."), "the answer");
    await chatSettled(`telegram:${chat}`, 2);
    const asked = (await requests(key)).requests;
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages.at(-1)!.content).toEqual([{ type: "text", text: question }, ...imageParts(album.pngs)]);
    expect(await texts(chat)).toEqual(["The second solution is correct."]);
  });

  it("keeps the album's order, whichever photo carries the caption and in whatever order its updates arrive", async () => {
    const key = uniqueId("tg-album-order");
    const marker = await script(key, [{ text: "Page 3 has the mistake." }, { text: "Another answer." }, { text: "A third." }]);
    const chat = uniqueChatId();
    const question = `${marker} Where is the mistake in these pages?`;
    const album = await telegramAlbum(chat, 3, { caption: question, captionOn: 1 });
    for (const i of [2, 0, 1]) expect((await postTelegram(album.updates[i])).status).toBe(200);
    await endAlbumWait(chat);

    await waitFor(async () => (await texts(chat)).includes("Page 3 has the mistake."), "the answer");
    await chatSettled(`telegram:${chat}`, 3);
    const asked = (await requests(key)).requests;
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages.at(-1)!.content).toEqual([{ type: "text", text: question }, ...imageParts(album.pngs)]);
  });
});
