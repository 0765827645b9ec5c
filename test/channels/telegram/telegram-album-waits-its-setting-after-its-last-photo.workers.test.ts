// An album is complete TELEGRAM_ALBUM_WAIT_MS after its last photo arrived (Telegram sends an album's updates
// within about a second; the default wait is 1500 ms). A deployment that sets it longer keeps a slower album
// together: a photo arriving 2.5 s after the first still joins it, and nothing is asked before the wait after
// it is over. The webhook reads the setting with its request's settings, as here.
import { describe, expect, it } from "vitest";
import { toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { telegramPosterWith } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const WAIT_MS = 4_000;
const post = telegramPosterWith({ TELEGRAM_ALBUM_WAIT_MS: String(WAIT_MS) });
const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("TELEGRAM_ALBUM_WAIT_MS", () => {
  it("is how long an album waits after its last photo for more", async () => {
    const key = uniqueId("tg-album-wait");
    const marker = await script(key, [{ text: "Both graphs are parabolas." }, { text: "Another answer." }]);
    const chat = uniqueChatId();
    const question = `${marker} What do these graphs have in common?`;
    const album = await telegramAlbum(chat, 2, { caption: question });

    expect((await post(album.updates[0])).status).toBe(200);
    await sleep(2_500);
    expect((await requests(key)).requests).toHaveLength(0);
    expect((await post(album.updates[1])).status).toBe(200);
    const last = Date.now();
    await sleep(WAIT_MS - 1_000);
    expect((await requests(key)).requests).toHaveLength(0);

    await waitFor(async () => (await texts(chat)).includes("Both graphs are parabolas."), "the answer");
    expect(Date.now() - last).toBeGreaterThanOrEqual(WAIT_MS);
    const asked = (await requests(key)).requests;
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages.at(-1)!.content).toEqual([
      { type: "text", text: question },
      ...album.pngs.map((png) => ({ type: "image_url", image_url: { url: toDataUrl(png) } })),
    ]);
  });
});
