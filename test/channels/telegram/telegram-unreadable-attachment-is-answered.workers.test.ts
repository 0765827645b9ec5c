// What a learner can send that the bot cannot read (a voice note, audio, a video, a sticker, a location, a
// contact, a poll) is answered with what it could not read, not met with silence, and a caption on it is
// not asked of the model on its own: the question is about what the bot cannot hear or see.
import { describe, expect, it } from "vitest";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramAttachmentUpdate } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const texts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));

describe("a Telegram message the bot cannot read", () => {
  it("is answered with what it could not read, and the model is not asked", async () => {
    const key = uniqueId("tg-voice");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const chat = uniqueChatId();
    const sent = [
      telegramAttachmentUpdate(chat, "voice", { file_id: "v1", file_unique_id: "uv1", duration: 3 }, `${marker} what does she say?`),
      telegramAttachmentUpdate(chat, "audio", { file_id: "a1", file_unique_id: "ua1", duration: 60 }),
      telegramAttachmentUpdate(chat, "video_note", { file_id: "n1", file_unique_id: "un1", length: 240, duration: 5 }),
      telegramAttachmentUpdate(chat, "sticker", { file_id: "s1", file_unique_id: "us1", type: "regular", width: 512, height: 512 }),
      telegramAttachmentUpdate(chat, "location", { latitude: 52.5, longitude: 13.4 }),
      telegramAttachmentUpdate(chat, "poll", { id: "p1", question: "Which?", options: [], is_anonymous: false, type: "regular" }),
    ];
    for (const update of sent) {
      const res = await postTelegram(update);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const replies = await waitFor(async () => {
      const t = await texts(chat);
      return t.length === sent.length && t;
    }, "one reply per message");
    expect(replies).toEqual(
      (["attachmentVoice", "attachmentAudio", "attachmentVideoNote", "attachmentSticker", "attachmentLocation", "attachmentPoll"] as const).map((what) =>
        unreadableReply({ kind: "attachment", what }, SAY),
      ),
    );
    expect(replies[0]).toBe("Sorry, I cannot read a voice message. Please type your question instead.");
    expect((await requests(key)).requests).toHaveLength(0);
    expect((await call(`/v1/sessions/tg-${chat}`)).status).toBe(404);
  });
});
