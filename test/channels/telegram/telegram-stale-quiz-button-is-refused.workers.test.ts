// A quiz button pressed under a question that is no longer the open one (an earlier question still
// visible higher up in the chat, a Next question already followed, an old "quiz:A" that names no
// question) is answered "This question is no longer open" with answerCallbackQuery and grades nothing:
// before, a bare letter was graded as the answer to whatever question was open (test/support/stale-quiz-presses.ts).
import { describe, expect, it } from "vitest";
import { lessonWriter, telegramQuizChat } from "../../support/quiz-chats";
import { pressStaleQuizButtons } from "../../support/stale-quiz-presses";

describe("a stale quiz button on Telegram", () => {
  it("is refused, and the open question's buttons still work", async () => {
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter()} teach me derivatives`);
    const [, , offer] = await chat.next(3);
    expect(Object.keys(offer!.buttons)).toEqual(["Quiz me"]);
    await pressStaleQuizButtons(chat, offer!.buttons["Quiz me"]!);
  }, 60_000);
});
