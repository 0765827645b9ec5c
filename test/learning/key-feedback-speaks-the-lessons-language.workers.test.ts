// The answer key grades in the lesson's language: a Spanish or Japanese lesson's learner read "Not quite:
// the answer is C." in English, on every way in (the answers route here; the chat quiz below). English
// lessons keep their words (lesson-answers.workers.test.ts), and the phrases of the other languages are a
// static asset (public/i18n/feedback.json) the Worker reads through ASSETS.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import ja from "../../skills/knowledge-compiler/languages/ja.md?raw";
import { lessonWriter, telegramQuizChat } from "../support/quiz-chats";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

/** A language sheet's sample lesson (skills/knowledge-compiler/languages/<code>.md). */
const sample = (sheet: string) => /```markdown\n([\s\S]*?)```/.exec(sheet)![1]!;

async function feedbackOf(key: string, exercise: string, answer: string): Promise<{ verdict: string; feedback: string }> {
  const res = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise, answer } });
  expect(res.status).toBe(200);
  return (await res.json()) as { verdict: string; feedback: string };
}

describe("key-graded feedback in the lesson's language", () => {
  it.each([
    [
      "Spanish",
      sample(es),
      ["1.1", "A", "No del todo: elegiste A; la respuesta es C. 30."],
      ["1.1", "C", "Correcto. $150"],
      ["1.3", "30", "No del todo: la respuesta es 25."],
    ],
    ["Japanese", sample(ja), ["1.1", "A", "惜しい：A を選びましたが、正解は C."], ["1.1", "C", "正解です。 $y"], ["1.3", "13", "惜しい：正解は 12 です。"]],
  ])("%s", async (_, lesson, ...cases) => {
    const key = `${uniqueId("lang-feedback")}.md`;
    await putLesson(env.LESSONS, key, lesson);
    for (const [exercise, answer, starts] of cases) {
      const { feedback } = await feedbackOf(key, exercise!, answer!);
      expect(feedback.startsWith(starts!), `${exercise} ${answer}: ${feedback}`).toBe(true);
    }
  });

  it("gives the chat quiz's verdict in the lesson's language too", async () => {
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter(sample(es))} enséñame porcentajes`);
    const [, , offer] = await chat.next(3);
    await chat.press(offer!.buttons["Quiz me"]!);
    const [question] = await chat.next();
    await chat.press(question!.buttons.A!);
    const [verdict] = await chat.next();
    expect(verdict!.text).toMatch(/^❌ No del todo\.\nelegiste A; la respuesta es C\. 30\./);
    expect(verdict!.text).toContain("\nRespuesta esperada: C. 30");
  });
});
