// A course's lesson is delivered under a heading in the lesson's language: a Spanish course's chat read
// "Porcentajes — lesson 1 of 3: …" above a Spanish summary, lesson and quiz offer. The language was taken from
// the lesson's exercises, so a Spanish lesson without any was headed in English.
import { env } from "cloudflare:workers";
import { Converter } from "opencc-js/cn2t";
import { afterEach, describe, expect, it } from "vitest";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import zh from "../../skills/knowledge-compiler/languages/zh.md?raw";
import { learnerPhrases } from "../../src/lessons/learner-phrases";
import { createPlannedCourse, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { platformCalls, uniqueChatId } from "../support/platform-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** The language sheet's sample lesson: Spanish headings, with exercises and their key. */
const spanishLesson = /```markdown\n([\s\S]*?)```/.exec(es)![1]!;

/** A course whose first lesson is `content`, delivered to a chat at `at`: its topic and the chat's calls. */
async function deliveredCourse(content: string, at: string) {
  const marker = await script(uniqueId("course-es"), [
    SYLLABUS_REPLY,
    { toolCalls: [{ name: "save_document", args: { filename: uniqueId("porcentajes"), title: "Porcentajes", topic: "porcentajes", content } }] },
    { text: "Hoy: qué es un porcentaje." },
  ]);
  const chat = uniqueChatId();
  const topic = `${marker} Porcentajes`;
  const course = await createPlannedCourse({ topic, deliver: [{ platform: "telegram", to: String(chat) }] });
  created.push(course.id);
  await tick(at);
  await waitForLessons(course.id, 1);
  return { topic, calls: await platformCalls("telegram", chat) };
}

describe("a course's lesson delivered to a chat", () => {
  it("is headed in the lesson's language, as its quiz offer is", async () => {
    const { topic, calls } = await deliveredCourse(spanishLesson, "2031-07-01T09:00:00Z");
    const say = await learnerPhrases(env.ASSETS, "es");
    const [summary] = calls.filter((c) => c.method === "sendMessage");
    expect(String(summary!.body.text)).toBe(`${topic} — lección 1 de 3: Porcentajes\n\nHoy: qué es un porcentaje.`);
    expect(calls.find((c) => String(c.body.text) === say.offer)).toBeDefined();
  });

  it("is headed in the lesson's script: Traditional for a lesson written in it", async () => {
    const traditional = Converter({ from: "cn", to: "twp" })(/```markdown\n([\s\S]*?)```/.exec(zh)![1]!);
    const { topic, calls } = await deliveredCourse(traditional, "2031-07-03T09:00:00Z");
    const [summary] = calls.filter((c) => c.method === "sendMessage");
    expect(String(summary!.body.text)).toBe(`${topic} — 第 1 課，共 3 課：Porcentajes\n\nHoy: qué es un porcentaje.`);
  });

  it("is headed in the lesson's language when the lesson has no exercises", async () => {
    const withoutExercises = spanishLesson.slice(0, spanishLesson.indexOf("### Ejercicios"));
    const { topic, calls } = await deliveredCourse(withoutExercises, "2031-07-02T09:00:00Z");
    const [summary] = calls.filter((c) => c.method === "sendMessage");
    expect(String(summary!.body.text)).toBe(`${topic} — lección 1 de 3: Porcentajes\n\nHoy: qué es un porcentaje.`);
  });
});
