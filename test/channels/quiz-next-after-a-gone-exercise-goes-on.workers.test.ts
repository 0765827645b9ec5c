// A quiz whose lesson changed under it: an exercise no longer in the lesson is said to be gone, and its
// Next question goes on to the following item, or, when it was the last, the quiz ends with its summary.
// Before, that Next led back to the same gone exercise, which said the same thing again: a loop the
// learner could not leave. The quiz is the same on every chat; this walks it on Telegram.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { telegramQuizChat } from "../support/quiz-chats";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import { uniqueId } from "../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../support/english-phrases";

/** The lesson without the exercises `ids`, in the exercises and in the answer key. */
const withoutExercises = (markdown: string, ids: string[]) =>
  ids.reduce((md, id) => md.replace(new RegExp(`#{3,4} Exercise ${id.replace(".", "\\.")}[^]*?(?=\\n#|$)`, "g"), ""), markdown);

describe("Next after a gone exercise", () => {
  it("goes on to the following exercise, and after the last gone one the quiz ends", async () => {
    const chat = telegramQuizChat();
    const filename = uniqueId("gone-derivatives");
    const writer = await script(uniqueId("quiz-gone"), [
      { toolCalls: [{ name: "save_document", args: { filename, content: QUIZ_LESSON, topic: "calculus" } }] },
      { text: "Here is your lesson." },
    ]);
    await chat.say(`${writer} teach me derivatives`);
    const [, , offer] = await chat.next(3);
    await chat.press(offer!.buttons["Quiz me"]!);
    const [q1] = await chat.next();
    expect(q1!.text).toContain("Question 1 of 5 (exercise 1.1");

    // The lesson is saved again without 1.2, 1.4 and 1.5 while the quiz is out.
    const key = `${filename}.md`;
    const saved = (await env.LESSONS.get(`lessons/${key}`))!;
    const changed = withoutExercises(await saved.text(), ["1.2", "1.4", "1.5"]);
    expect(changed).not.toContain("Exercise 1.2");
    await env.LESSONS.put(`lessons/${key}`, changed, { httpMetadata: saved.httpMetadata, customMetadata: saved.customMetadata });

    await chat.press(q1!.buttons.B!);
    const [verdict1] = await chat.next();
    await chat.press(verdict1!.buttons["Next question"]!);
    const [gone2] = await chat.next();
    expect(gone2!.text).toBe(`Exercise 1.2 of ${key} is gone.`);
    await chat.press(gone2!.buttons["Next question"]!);
    const [q3] = await chat.next();
    expect(q3!.text).toContain("Question 3 of 5 (exercise 1.3");
    await chat.say("5x⁴");
    const [verdict3] = await chat.next();
    expect(verdict3!.text).toMatch(/^✅ Correct\./);
    // The gone exercise's Next, once the question it led to is answered, leads nowhere again.
    expect(await chat.pressRefused(gone2!.buttons["Next question"]!)).toBe(SAY.questionClosed);
    await chat.press(verdict3!.buttons["Next question"]!);
    const [gone4] = await chat.next();
    expect(gone4!.text).toBe(`Exercise 1.4 of ${key} is gone.`);
    // 1.5, the last, is gone too: said so, with no Next, and the summary follows.
    await chat.press(gone4!.buttons["Next question"]!);
    const [gone5, summary] = await chat.next(2);
    expect(gone5!.text).toBe(`Exercise 1.5 of ${key} is gone.`);
    expect(gone5!.buttons).toEqual({});
    expect(summary!.text).toContain("That was the last one.");
    expect(summary!.text).toContain("So far: 2 of 2 answers right");
  }, 60_000);
});
