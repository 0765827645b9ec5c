// A photo the bot cannot pass to the agent is refused, not dropped: sent as the answer to a quiz question
// it was never downloaded, and the bot's own "Here is a photo of my work" (or the caption) was graded and
// recorded; sent with a command, the command ran and the photo was ignored. Now each is said, nothing is
// downloaded or recorded, and the question stays open for a typed answer.
import { describe, expect, it } from "vitest";
import { offerFile, platformCalls } from "../../support/platform-control";
import { pngOfSize } from "../../support/images";
import { lessonWriter, telegramQuizChat } from "../../support/quiz-chats";
import { postTelegram, telegramPhotoUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";
import { ENGLISH_PHRASES as LEARNER } from "../../support/english-phrases";

/** A photo offered by the fake Bot API, and the update that sends it. */
async function photo(chat: number, caption?: string) {
  const fileId = uniqueId("photo");
  const png = pngOfSize(300);
  await offerFile(fileId, png);
  return { fileId, update: telegramPhotoUpdate(chat, fileId, { fileSize: png.length, ...(caption ? { caption } : {}) }) };
}
const downloads = async (fileId: string) => (await platformCalls("telegram", fileId)).map((c) => c.method);

describe("a photo the Telegram bot cannot use", () => {
  it("is refused as a quiz answer, with or without a caption, and the question stays open", async () => {
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter()} teach me derivatives`);
    const [, , offer] = await chat.next(3);
    await chat.press(offer!.buttons[LEARNER.quizMe]!);
    const [question] = await chat.next();
    expect(question!.text).toContain("Question 1 of");

    for (const caption of [undefined, "B"]) {
      const { fileId, update } = await photo(chat.chat, caption);
      await postTelegram(update);
      const [reply] = await chat.next();
      expect(reply!.text).toBe(SAY.photoNotAnAnswer);
      expect(await downloads(fileId)).toEqual([]);
    }
    // The question is still the one out, answered by typing.
    await chat.say("B");
    const [verdict] = await chat.next();
    expect(verdict!.text).toContain(LEARNER.correct);
  }, 60_000);

  it("is refused with a command, and the command is not run", async () => {
    const chat = telegramQuizChat();
    for (const command of ["/progress", "/new", "/help"]) {
      const { fileId, update } = await photo(chat.chat, command);
      await postTelegram(update);
      const [reply] = await chat.next();
      expect(reply!.text).toBe(SAY.photoWithCommand);
      expect(await downloads(fileId)).toEqual([]);
    }
  }, 60_000);
});
