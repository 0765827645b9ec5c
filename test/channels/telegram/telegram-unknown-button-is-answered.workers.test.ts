// A click on a button the bot does not know (an older version's, a forged callback_data) or on a stale
// quiz button (a question already answered, a quiz that is over) is answered with answerCallbackQuery
// saying so, instead of leaving the button loading with nothing said; nothing else happens.
import { describe, expect, it } from "vitest";
import { CLICK_REFUSALS } from "../../../src/platforms/approval-buttons";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { callbackQueryUpdate, postTelegram } from "../../support/telegram-requests";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const answered = async (queryId: string) =>
  waitFor(async () => (await platformCalls("telegram", queryId)).find((c) => c.method === "answerCallbackQuery"), `the answer to ${queryId}`);

describe("a click on a button the bot cannot act on", () => {
  it("is answered with why, and the chat gets no message", async () => {
    const chat = uniqueChatId();
    const clicks = [
      { data: "hello:world", says: SAY[CLICK_REFUSALS.unknown] },
      { data: "quiz:B", says: SAY.questionClosed },
      { data: "quiz:next", says: SAY.quizOver },
    ];
    for (const { data, says } of clicks) {
      const update = callbackQueryUpdate(chat, 7, data);
      const res = await postTelegram(update);
      expect(res.status).toBe(200);
      expect((await answered(update.callback_query.id)).body.text).toBe(says);
    }
    expect(await platformCalls("telegram", chat)).toEqual([]);
  });
});
