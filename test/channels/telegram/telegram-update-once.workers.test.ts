import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const sent = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");

describe("a Telegram update delivered more than once", () => {
  it("is answered once, also after the chat's object restarted", async () => {
    const key = uniqueId("tg-once");
    const marker = await script(key, [{ text: "Photosynthesis turns light into sugar." }]);
    const chat = uniqueChatId();
    // An update written the way Telegram's older examples are: no chat.type.
    const update = {
      update_id: 900_000 + chat,
      message: {
        message_id: 7,
        date: 1441645532,
        chat: { id: chat, first_name: "Ada" },
        from: { id: chat, first_name: "Ada" },
        text: `${marker} What is photosynthesis?`,
      },
    };

    // Telegram retries when it thinks a delivery failed; two copies may even arrive together.
    const first = await Promise.all([postTelegram(update), postTelegram(update)]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    const replies = await waitFor(async () => {
      const s = await sent(chat);
      return s.length > 0 && s;
    }, "the reply");
    expect(replies[0]!.body.text).toBe("Photosynthesis turns light into sugar.");

    // The processed update ids are in the object's SQLite, not its memory: it restarts once its job is done.
    await chatSettled(`telegram:${chat}`, 1);
    const stub = env.CHATS.getByName(`telegram:${chat}`);
    await evictDurableObject(stub);
    expect((await postTelegram(update)).status).toBe(200);

    // The copy after the restart was taken (before its 200) as nothing new, or as a job this waits to finish.
    await chatSettled(`telegram:${chat}`, 1);
    expect(await sent(chat)).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(1);
    expect(telegramUpdate(chat, "x").update_id).not.toBe(update.update_id);
  });
});
