import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/http/app";
import { chatSettled } from "../../support/chat-settled";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("POST /telegram/webhook checks Telegram's secret header", () => {
  it("refuses a request without the header (401) and one with a wrong secret (403)", async () => {
    const update = telegramUpdate(uniqueChatId(), "hello");
    const missing = await postTelegram(update, null);
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe("unauthorized");
    const wrong = await postTelegram(update, "not-the-secret");
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe("forbidden");
  });

  it("answers 404 with a clear message when the bot is not configured", async () => {
    const app = createApp();
    const unconfigured = { ...env, TELEGRAM_BOT_TOKEN: "", TELEGRAM_WEBHOOK_SECRET: "" };
    const req = new Request("http://agent.test/telegram/webhook", { method: "POST", body: JSON.stringify(telegramUpdate(1, "hi")) });
    const res = await app.fetch(req, unconfigured, createExecutionContext());
    expect(res.status).toBe(404);
    const error = await errorOf(res);
    expect(error.code).toBe("telegram_not_configured");
    expect(error.message).toContain("TELEGRAM_BOT_TOKEN");
  });

  it("refuses a body that is not an update (400) after the secret check", async () => {
    expect((await postTelegram({ hello: "world" })).status).toBe(400);
    expect((await postTelegram({ hello: "world" }, "wrong")).status).toBe(403);
  });

  it("acknowledges updates it does not answer (service messages, a live location moving, channel posts) without replying", async () => {
    const chat = uniqueChatId();
    const joined = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: chat }, new_chat_members: [{ id: 7, is_bot: false, first_name: "Bo" }] } };
    const moved = { update_id: 2, edited_message: { message_id: 1, date: 0, chat: { id: chat, type: "private" }, location: { latitude: 1, longitude: 2 } } };
    const post = { update_id: 3, channel_post: { message_id: 1, date: 0, chat: { id: chat, type: "channel" }, text: "news" } };
    for (const u of [joined, moved, post]) {
      const res = await postTelegram(u);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    // A message after them, answered once everything taken before it is done: they left nothing to answer.
    expect((await postTelegram(telegramUpdate(chat, "/stop"))).status).toBe(200);
    await waitFor(async () => (await platformCalls("telegram", chat)).length > 0, "the answer to the /stop after them");
    await chatSettled(`telegram:${chat}`, 1);
    expect((await platformCalls("telegram", chat)).map((c) => [c.method, c.body.text])).toEqual([["sendMessage", "Nothing is running."]]);
  });
});
