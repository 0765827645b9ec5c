// /stop and an album whose wait ends at about the same time, in the chat's object. Messages start their runs
// in line, one after another, and earlier work may still hold the line (a message storing its photo): an album
// whose wait ended while a /stop waited there was put in line behind the /stop, which, finding no album
// waiting any more and no run, answered "Nothing is running."; the album was asked afterwards. Now a /stop that
// arrived before the album was put in line drops it ("Stopped.", nothing asked), and one that arrived after
// stops the run the album started: the object takes one event at a time, and its line keeps their order.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { endAlbumWait } from "../../support/album-wait";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { telegramAlbum } from "../../support/telegram-album";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

type InLine = { inLine(work: () => Promise<void>, what: string): void };

const objectOf = (chat: number) => env.CHATS.getByName(`telegram:${chat}`);
const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
const post = async (update: unknown) => expect((await postTelegram(update)).status).toBe(200);

/** Earlier work holds the chat's line until the returned release. */
async function lineHeld(chat: number): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await runInDurableObject(objectOf(chat), (o) => (o as unknown as InLine).inLine(() => held, "earlier work"));
  return () => runInDurableObject(objectOf(chat), () => release());
}

/** Ends the album's wait now and waits until its alarm has put it in line. */
const albumInLine = async (chat: number) => {
  await endAlbumWait(chat);
  await waitFor(
    () =>
      runInDurableObject(
        objectOf(chat),
        (_o, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE state = 'held'").one().n === 0,
      ),
    "the album in line",
  );
};

describe("/stop and a Telegram album ending at about the same time", () => {
  it("drops the album when the /stop arrived first, though the album's wait ended while the /stop waited in line", async () => {
    const key = uniqueId("tg-album-stop-first");
    const marker = await script(key, [{ text: "An answer nobody wants any more." }]);
    const chat = uniqueChatId();
    const release = await lineHeld(chat);
    for (const update of (await telegramAlbum(chat, 2, { caption: `${marker} Which of these two is right?` })).updates) await post(update);
    await post(telegramUpdate(chat, "/stop"));
    await albumInLine(chat);
    await release();

    await waitFor(async () => (await texts(chat)).length > 0, "the answer to /stop");
    // Every job finished: an album put in line behind the /stop would have been asked and answered by now.
    await chatSettled(`telegram:${chat}`, 3);
    expect(await texts(chat)).toEqual(["Stopped."]);
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("stops the album's run when the /stop arrived after the album was put in line", async () => {
    const marker = await script(uniqueId("tg-album-stop-after"), [{ text: "This answer comes too late.", delayMs: 3_000 }]);
    const chat = uniqueChatId();
    const release = await lineHeld(chat);
    for (const update of (await telegramAlbum(chat, 2, { caption: `${marker} Which of these two is right?` })).updates) await post(update);
    await albumInLine(chat);
    await post(telegramUpdate(chat, "/stop"));
    await release();

    await waitFor(async () => {
      const s = (await (await call(`/v1/sessions/tg-${chat}`)).json()) as { runs?: Array<{ status: string }> };
      return s.runs?.length === 1 && s.runs[0]!.status === "cancelled";
    }, "the album's run, cancelled");
    // The album's job followed its run to its end: an answer it would send has been sent.
    await chatSettled(`telegram:${chat}`, 3);
    expect(await texts(chat)).toEqual(["Stopped."]);
  });
});
