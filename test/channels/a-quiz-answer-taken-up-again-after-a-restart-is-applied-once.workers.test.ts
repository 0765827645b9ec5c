// A reply that answers a quiz question is applied once. Its job, taken up again by the watchdog after a restart cut
// it off once the answer was graded (the state this test puts it back in: queued), finds the quiz moved on and ends:
// it used to be read again, as a question to the agent (a run the person never asked for) or as the answer to the
// next question, never seen.
import { expect, it } from "vitest";
import { takeUpAgainAfterRestart } from "../support/chat-restart";
import { chatSettled } from "../support/chat-settled";
import { requests } from "../support/model-control";
import { platformCalls } from "../support/platform-control";
import { lessonWriter, telegramQuizChat } from "../support/quiz-chats";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";

/** The script a marker routes to (`[[script:KEY]]`, test/support/fake-model.ts). */
const scriptKey = (marker: string) => marker.slice("[[script:".length, -"]]".length);

it("a quiz answer's job taken up again after a restart grades nothing and runs nothing", async () => {
  const quiz = telegramQuizChat();
  const writer = await lessonWriter();
  await quiz.say(`${writer} teach me derivatives`);
  const [, , offer] = await quiz.next(3);
  await quiz.press(offer!.buttons["Quiz me"]!);
  const [question] = await quiz.next();
  expect(question!.text).toContain("exercise 1.1");

  const answer = telegramUpdate(quiz.chat, "A");
  await postTelegram(answer);
  const [verdict] = await quiz.next();
  expect(verdict!.text).toContain("❌");
  const sent = (await platformCalls("telegram", quiz.chat)).length;
  const modelCalls = (await requests(scriptKey(writer))).requests.length;

  await takeUpAgainAfterRestart(`telegram:${quiz.chat}`, `update:${answer.update_id}`);
  // The job taken up again has finished: whatever it would have sent or asked, it has.
  await chatSettled(`telegram:${quiz.chat}`);
  expect((await platformCalls("telegram", quiz.chat)).length).toBe(sent);
  expect((await requests(scriptKey(writer))).requests).toHaveLength(modelCalls);
});
