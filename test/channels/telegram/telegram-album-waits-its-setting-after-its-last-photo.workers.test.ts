// An album is complete TELEGRAM_ALBUM_WAIT_MS after its last photo arrived (Telegram sends an album's updates
// within about a second; the default wait is 1500 ms). A deployment that sets it longer keeps a slower album
// together: a photo arriving 2.5 s after the first still joins it, and nothing is asked before the wait after
// it is over. The webhook reads the setting with its request's settings, as here. Time is moved on by dating the
// photos held earlier (test/support/album-wait.ts) and running the chat's alarm, rather than slept through: the
// alarm is asked to start the album too early (and does not), then once the wait after the last photo is over.
import { describe, expect, it } from "vitest";
import { backdateHeldPhotos, heldPhotos, runChatAlarm } from "../../support/album-wait";
import { toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { telegramPosterWith } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const WAIT_MS = 10_000;
/** Longer than the default wait (1500 ms), shorter than this one. */
const LATE_MS = 2_500;
/** A margin that a slow machine's time between two steps of this test cannot use up. */
const SHORT_MS = 5_000;
const post = telegramPosterWith({ TELEGRAM_ALBUM_WAIT_MS: String(WAIT_MS) });
const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("TELEGRAM_ALBUM_WAIT_MS", () => {
  it("is how long an album waits after its last photo for more", async () => {
    const key = uniqueId("tg-album-wait");
    const marker = await script(key, [{ text: "Both graphs are parabolas." }, { text: "Another answer." }]);
    const chat = uniqueChatId();
    const question = `${marker} What do these graphs have in common?`;
    const album = await telegramAlbum(chat, 2, { caption: question });

    // The first photo arrived LATE_MS ago: past the default wait, the album is still waiting under this one.
    expect((await post(album.updates[0])).status).toBe(200);
    expect(await backdateHeldPhotos(chat, LATE_MS)).toBe(1);
    await runChatAlarm(chat);
    expect(await heldPhotos(chat)).toMatchObject({ held: 1 });
    expect((await requests(key)).requests).toHaveLength(0);

    // The second photo joins it, and the wait starts again from it: the alarm is set WAIT_MS after it.
    expect((await post(album.updates[1])).status).toBe(200);
    const waiting = await heldPhotos(chat);
    expect(waiting.held).toBe(2);
    expect(waiting.alarmAt).toBe(waiting.lastReceivedAt! + WAIT_MS);
    // Run before that time, the alarm starts nothing: SHORT_MS short of the wait after the last photo.
    await backdateHeldPhotos(chat, WAIT_MS - SHORT_MS);
    await runChatAlarm(chat);
    expect(await heldPhotos(chat)).toMatchObject({ held: 2 });
    expect((await requests(key)).requests).toHaveLength(0);

    // Once the wait after the last photo is over, the album is asked once, with both photos in order.
    await backdateHeldPhotos(chat, SHORT_MS);
    await runChatAlarm(chat);
    await waitFor(async () => (await texts(chat)).includes("Both graphs are parabolas."), "the answer");
    const asked = (await requests(key)).requests;
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages.at(-1)!.content).toEqual([
      { type: "text", text: question },
      ...album.pngs.map((png) => ({ type: "image_url", image_url: { url: toDataUrl(png) } })),
    ]);
  });
});
