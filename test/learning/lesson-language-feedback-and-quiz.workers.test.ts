// The answer key grades in the lesson's language, and the chat quiz asks in it: a Spanish or Japanese
// lesson's learner read "Not quite: the answer is C." and "Question 1 of 5" in English, on every way in (the
// answers route here; the chat quiz below). English lessons keep their words (lesson-answers.workers.test.ts,
// the quiz walks), and the phrases of the other languages are a static asset
// (public/i18n/learner-phrases.json) the Worker reads through ASSETS.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import ja from "../../skills/knowledge-compiler/languages/ja.md?raw";
import { script } from "../support/model-control";
import { lessonWriter, telegramQuizChat } from "../support/quiz-chats";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";
import { learnerPhrases } from "../../src/lessons/learner-phrases";
import { learningSettings } from "../../src/learning/settings";

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

  it("runs the chat quiz in the lesson's language too", async () => {
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter(sample(es))} enséñame porcentajes`);
    const [, , offer] = await chat.next(3);
    expect(offer!.text).toBe("¿Listo para comprobar lo que aprendiste? Te haré los ejercicios de la lección uno por uno.");
    await chat.press(offer!.buttons["Ponme a prueba"]!);
    const [question] = await chat.next();
    expect(question!.text).toMatch(/^Pregunta 1 de 5 \(ejercicio 1\.1, Opción múltiple\):\n¿Cuánto es el 20 % de 150\?/);
    await chat.press(question!.buttons.A!);
    const [verdict] = await chat.next();
    expect(verdict!.text).toMatch(/^❌ No del todo\.\nelegiste A; la respuesta es C\. 30\./);
    expect(verdict!.text).toContain("\nRespuesta esperada: C. 30");
    await chat.press(verdict!.buttons["Siguiente pregunta"]!);
    const [second] = await chat.next();
    expect(second!.text).toMatch(/^Pregunta 2 de 5 /);
    await chat.press(second!.buttons.B!);
    const [right] = await chat.next();
    expect(right!.text).toMatch(/^✅ Correcto\.\n/);
    await chat.press(right!.buttons["Siguiente pregunta"]!);
    const [fillIn] = await chat.next();
    expect(fillIn!.text).toMatch(/^Pregunta 3 de 5 \(ejercicio 1\.3, Completar\):[\s\S]*\n\nResponde con tu respuesta\.$/);
  });

  it("says a grading failure and a refused answer in the lesson's language, and keeps the question open", async () => {
    const learnerEs = await learnerPhrases(env.ASSETS, "es");
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter(sample(es))} enséñame porcentajes`);
    const [, , offer] = await chat.next(3);
    await chat.press(offer!.buttons[learnerEs.quizMe]!);
    await chat.next();
    await chat.say("C");
    const [first] = await chat.next();
    await chat.press(first!.buttons[learnerEs.next]!);
    const [second] = await chat.next();
    await chat.press(second!.buttons.B!);
    const [right] = await chat.next();
    await chat.press(right!.buttons[learnerEs.next]!);
    await chat.next();
    // The fill-in's words go to the model grader, whose verdict is malformed twice.
    const grader = await script(uniqueId("es-grade-fails"), [{ toolCalls: [{ name: "grade", args: { verdict: "great" } }] }, { text: "Está bien." }]);
    await chat.say(`${grader} veinticinco`);
    const [failed] = await chat.next();
    expect(failed!.text).toBe(learnerEs.couldNotGrade);
    const max = learningSettings(env).ANSWER_MAX_CHARS;
    await chat.say("2".repeat(max + 1));
    const [tooLong] = await chat.next();
    expect(tooLong!.text).toBe(learnerEs.answerTooLong.replace("{max}", String(max)));
    // The question is still out.
    await chat.say("25");
    const [verdict] = await chat.next();
    expect(verdict!.text).toMatch(/^✅ Correcto\./);
  });
});
