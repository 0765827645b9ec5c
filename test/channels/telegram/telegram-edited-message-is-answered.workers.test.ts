// A learner who edits a message they sent (to fix a typo in a question) is told the bot reads only new
// messages, instead of the edit vanishing; the model is not asked again. A live location moving, which
// Telegram also sends as edits, is not answered.
import { describe, expect, it } from "vitest";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramEditUpdate, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("an edited Telegram message", () => {
  it("is answered: send the corrected message again", async () => {
    const key = uniqueId("tg-edit");
    const marker = await script(key, [{ text: "2 + 3 is 5." }, { text: "This must not be sent." }]);
    const chat = uniqueChatId();
    const question = telegramUpdate(chat, `${marker} what is 2 + 3?`);
    await postTelegram(question);
    await waitFor(async () => (await texts(chat)).includes("2 + 3 is 5."), "the answer");

    const edit = telegramEditUpdate(chat, question.message.message_id, "");
    const moved = { ...edit, edited_message: { ...edit.edited_message, text: undefined, location: { latitude: 1, longitude: 2 } } };
    expect((await postTelegram(moved)).status).toBe(200);
    const res = await postTelegram(telegramEditUpdate(chat, question.message.message_id, `${marker} what is 2 + 2?`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    await waitFor(async () => (await texts(chat)).includes(unreadableReply({ kind: "edit" }, SAY)), "the reply to the edit");
    // The question and the edit, both finished (the moving location is no delivery to take).
    await chatSettled(`telegram:${chat}`, 2);
    expect(await texts(chat)).toEqual(["2 + 3 is 5.", "I saw that you edited a message, but I only read new ones: please send the corrected message again."]);
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
