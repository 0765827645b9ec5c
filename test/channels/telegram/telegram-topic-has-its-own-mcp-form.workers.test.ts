// An MCP server's form asked in a forum topic is answered in that topic only: a plain message in the
// chat's General topic (or any other) is a question for the agent there, and the form goes on with the
// topic's own reply, its next field asked in the topic. Before, the form was the chat's: the message in
// General was taken as the form's answer, and no agent heard it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatInputStore } from "../../../src/channels/chat-input-store";
import { ChatStore } from "../../../src/channels/chat-store";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import type { PlatformCall } from "../../support/platform-fake";
import { inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const TOPIC = 10;
const FORM = {
  type: "object",
  properties: { folder: { type: "string", title: "Folder" }, title: { type: "string", title: "Title" } },
  required: ["folder", "title"],
};

/** A run of the topic's paused for the form, its first field asked in the topic (as the chat's object keeps them). */
async function formAskedInTopic(chat: number): Promise<void> {
  await runInDurableObject(env.CHATS.getByName(`telegram:${chat}`), (_o, state) => {
    const jobs = new ChatStore(state.storage.sql);
    const message = { platform: "telegram" as const, chatId: chat, threadId: TOPIC, text: "save my notes" };
    const seq = jobs.insert(uniqueId("delivery"), message)!;
    jobs.markRunning(seq, `tg-${chat}-t${TOPIC}`, uniqueId("run"));
    jobs.pause(seq, 0, Date.now() + 600_000);
    new ChatInputStore(state.storage.sql).add({
      inputId: uniqueId("inp"),
      seq,
      sessionId: `tg-${chat}-t${TOPIC}`,
      server: "notes",
      message: "Where shall I save them?",
      requestedSchema: FORM,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      progress: { field: 0, values: {} },
      target: { platform: "telegram", chatId: chat, threadId: TOPIC },
    });
  });
}

const sent = (chat: number, start: string) =>
  waitFor(
    async () => (await platformCalls("telegram", chat)).find((c: PlatformCall) => c.method === "sendMessage" && String(c.body.text).startsWith(start)),
    `"${start}"`,
    10_000,
  );

describe("an MCP server's form in a forum topic", () => {
  it("is answered in its topic only: a message in General is asked of the agent", async () => {
    const chat = uniqueSupergroupId();
    await formAskedInTopic(chat);

    const marker = await script(uniqueId("tg-topic-form"), [{ text: "An ion is a charged atom." }]);
    expect((await postTelegram(telegramGroupUpdate(chat, `${marker} What is an ion?`))).status).toBe(200);
    expect((await sent(chat, "An ion is a charged atom.")).body.message_thread_id).toBeUndefined();

    expect((await postTelegram(inForumTopic(telegramGroupUpdate(chat, "Biology"), TOPIC))).status).toBe(200);
    expect((await sent(chat, "(2/2) Title")).body.message_thread_id).toBe(TOPIC);
  });
});
