// Telegram delivers an update again when it thinks a delivery failed, even two copies at once. A photo of an
// album delivered twice (the same update_id) is in the album once, also when the chat's object restarted
// while the album waited for its other photos: the photos held are in the object's SQLite, and its alarm
// still starts the album.
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { postTelegram } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a photo of a Telegram album delivered twice", () => {
  it("is in the album once, also after the chat's object restarted", async () => {
    const key = uniqueId("tg-album-twice");
    const marker = await script(key, [{ text: "Both are right." }, { text: "Another answer." }, { text: "A third." }]);
    const chat = uniqueChatId();
    const question = `${marker} Are both right?`;
    const album = await telegramAlbum(chat, 2, { caption: question });
    const [first, second] = album.updates;

    expect((await Promise.all([postTelegram(first), postTelegram(first)])).map((r) => r.status)).toEqual([200, 200]);
    await evictDurableObject(env.CHATS.getByName(`telegram:${chat}`));
    expect((await postTelegram(first)).status).toBe(200);
    expect((await Promise.all([postTelegram(second), postTelegram(second)])).map((r) => r.status)).toEqual([200, 200]);

    // The restarted object's own alarm, at its real time, starts the album.
    await waitFor(async () => (await texts(chat)).includes("Both are right."), "the answer");
    await chatSettled(`telegram:${chat}`, 2);
    const asked = (await requests(key)).requests;
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages.at(-1)!.content).toEqual([
      { type: "text", text: question },
      ...album.pngs.map((png) => ({ type: "image_url", image_url: { url: toDataUrl(png) } })),
    ]);
    expect(await texts(chat)).toEqual(["Both are right."]);
  });
});
