// A photo of homework sent to the Telegram bot: downloaded through getFile, stored in the bot's tenant and
// shown to the scripted model as an image part (MODEL_VISION on), its caption the question. A model that
// cannot see, an oversize photo and a file that is no image are each answered plainly, and nothing is
// stored or asked of the model.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/http/app";
import { imageKeyOf, pngOfSize, toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { offerFile, platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramPhotoUpdate, telegramPosterWith, telegramUpdate } from "../../support/telegram-requests";
import { fromThisMachine, uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

type WirePart = { type: string; text?: string; image_url?: { url: string } };
const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
/** A PNG no other test sends (its padding differs), so its stored object is this test's alone. */
const uniquePng = () => pngOfSize(200 + Math.floor(Math.random() * 10_000));

describe("a photo sent to the Telegram bot", () => {
  it("reaches the model as an image part, with its caption as the question", async () => {
    const png = uniquePng();
    const fileId = uniqueId("photo");
    await offerFile(fileId, png);
    const key = uniqueId("tg-photo");
    const marker = await script(key, [{ text: "Your second line drops a minus sign." }]);
    const chat = uniqueChatId();
    await postTelegram(telegramPhotoUpdate(chat, fileId, { caption: `${marker} Where did I go wrong?`, fileSize: png.length }));

    await waitFor(async () => (await texts(chat)).includes("Your second line drops a minus sign."), "the answer");
    const parts = (await requests(key)).requests[0]!.messages.at(-1)!.content as WirePart[];
    expect(parts).toEqual([
      { type: "text", text: `${marker} Where did I go wrong?` },
      { type: "image_url", image_url: { url: toDataUrl(png) } },
    ]);
    // The largest size was downloaded.
    expect((await platformCalls("telegram", fileId)).map((c) => c.method)).toEqual(["getFile"]);
    expect(await env.IMAGES.head(`images/telegram/${await imageKeyOf(png)}`)).not.toBeNull();
  });

  it("without a caption asks the model to look at it", async () => {
    const png = uniquePng();
    const fileId = uniqueId("photo");
    await offerFile(fileId, png);
    const key = uniqueId("tg-photo-only");
    // The scripted model is found by the marker in the chat's earlier message.
    const marker = await script(key, [{ text: "Noted." }, { text: "The graph is a parabola." }]);
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `${marker} hello`));
    await waitFor(async () => (await texts(chat)).includes("Noted."), "the first answer");
    await postTelegram(telegramPhotoUpdate(chat, fileId));
    await waitFor(async () => (await texts(chat)).includes("The graph is a parabola."), "the answer to the photo");
    const parts = (await requests(key)).requests[1]!.messages.at(-1)!.content as WirePart[];
    expect(parts[0]).toEqual({ type: "text", text: SAY.photoOnly });
    expect(parts[1]!.type).toBe("image_url");
  });

  it("is answered plainly when the model cannot see, is too large or is no image; nothing is stored or asked", async () => {
    const app = createApp();
    const chat = uniqueChatId();
    const png = uniquePng();
    const seen = uniqueId("photo");
    await offerFile(seen, png);
    const res = await telegramPosterWith({ MODEL_VISION: "false" })(telegramPhotoUpdate(chat, seen, { caption: "check this" }));
    expect(res.status).toBe(200);
    await waitFor(async () => (await texts(chat)).includes(SAY.imageVision), "the no-vision reply");

    const big = uniqueId("photo");
    await offerFile(big, pngOfSize(Number(env.MAX_IMAGE_BYTES ?? 5 * 1024 * 1024) + 1));
    await postTelegram(telegramPhotoUpdate(chat, big, { caption: "and this" }));
    await waitFor(async () => (await texts(chat)).some((t) => t.startsWith("That image is too large")), "the too-large reply");

    const shellScript = uniqueId("file");
    await offerFile(shellScript, new TextEncoder().encode("#!/bin/sh\necho hi\n"));
    await postTelegram(telegramPhotoUpdate(chat, shellScript, { caption: "my homework", asDocument: true }));
    await waitFor(async () => (await texts(chat)).includes(SAY.notAnImage), "the not-an-image reply");

    // The photo the model could not see was never downloaded; nothing was stored; no session was made.
    expect(await platformCalls("telegram", seen)).toEqual([]);
    expect(await env.IMAGES.head(`images/telegram/${await imageKeyOf(png)}`)).toBeNull();
    expect((await app.fetch(fromThisMachine(new Request(`http://localhost/v1/sessions/tg-${chat}`)), env, createExecutionContext())).status).toBe(404);
  });
});
