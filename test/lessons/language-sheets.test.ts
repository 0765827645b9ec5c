// Each language's sheet in the knowledge-compiler skill: its heading table is the vocabulary's (so
// what the model is told to write is what the validator reads), and its sample lesson keeps every
// count the skills give (3–5 objectives, 3–8 key concepts, 2–4 common mistakes, 3–5 summary points,
// 2–3 further questions, five exercises, a key entry with answer, explanation and concepts for each,
// accepted forms for the fill-in) and names only concepts of its table.
import { describe, expect, it } from "vitest";
import { gradeFillIn } from "../../src/learning/key-grading";
import { parseExercises, withoutKey } from "../../src/lessons/exercises";
import { bodyLines, outline } from "../../src/lessons/outline";
import { isSection, type SectionName, VOCABULARIES } from "../../src/lessons/vocabulary";
import { readLesson } from "../../src/lessons/validator";
import { languageSheet } from "../support/language-sheets";
import { ENGLISH_PHRASES } from "../support/english-phrases";
import { sheetTable } from "../support/vocabulary-tables";

const items = (markdown: string, name: SectionName, level: number) => {
  const doc = outline(markdown);
  const h = doc.headings.find((x) => x.level === level && isSection(x.text, name))!;
  return bodyLines(doc, h).filter((l) => /^\s*(?:[-*+]|\d+\.)\s+\S/.test(l)).length;
};
const tableRows = (markdown: string) => {
  const doc = outline(markdown);
  const h = doc.headings.find((x) => x.level === 3 && isSection(x.text, "keyConcepts"))!;
  return bodyLines(doc, h).filter((l) => l.trim().startsWith("|")).length - 2;
};

describe.each(VOCABULARIES.map((v) => [v.language, v] as const))("the %s language sheet", (_, v) => {
  const sheet = languageSheet(v.language);

  it("shows the vocabulary's headings and labels", () => {
    expect(sheet.text).toContain(sheetTable(v));
  });

  it("holds a sample lesson in its language that keeps every count of the skills", () => {
    const { lesson } = sheet;
    expect(readLesson(lesson).language?.language).toBe(v.language);
    expect(items(lesson, "objectives", 3)).toBeGreaterThanOrEqual(3);
    expect(items(lesson, "objectives", 3)).toBeLessThanOrEqual(5);
    expect(tableRows(lesson)).toBeGreaterThanOrEqual(3);
    expect(tableRows(lesson)).toBeLessThanOrEqual(8);
    expect(items(lesson, "commonMistakes", 4)).toBeGreaterThanOrEqual(2);
    expect(items(lesson, "commonMistakes", 4)).toBeLessThanOrEqual(4);
    expect(items(lesson, "summary", 3)).toBeGreaterThanOrEqual(3);
    expect(items(lesson, "summary", 3)).toBeLessThanOrEqual(5);
    expect(items(lesson, "furtherQuestions", 3)).toBeGreaterThanOrEqual(2);
    expect(items(lesson, "furtherQuestions", 3)).toBeLessThanOrEqual(3);
    const exercises = parseExercises(lesson);
    expect(exercises.map((e) => e.type)).toEqual(["multiple_choice", "multiple_choice", "fill_in", "short_answer", "practice"]);
    for (const e of exercises) {
      expect(e.key?.explanation, e.id).toBeTruthy();
      // Every named concept is one of the table's (a concept the table lacks has no meaning).
      expect(e.concepts.length, e.id).toBeGreaterThan(0);
      for (const c of e.concepts) expect(c.meaning, `${e.id} ${c.term}`).not.toBe("");
    }
    expect(exercises[2]!.key!.accepted.length).toBeGreaterThan(0);
    expect(new Set(exercises.slice(0, 2).map((e) => e.key!.answer)).size).toBe(2);
    expect(sheet.sources.size).toBeGreaterThanOrEqual(2);
  });

  it("has its answer labels read: the fill-in's key is the bare answer, and each of its forms grades correct", () => {
    const fill = parseExercises(sheet.lesson).find((e) => e.type === "fill_in")!;
    expect(fill.key!.answer).not.toContain(":");
    expect(fill.key!.answer).not.toContain(v.labels.answer[0]);
    for (const form of [fill.key!.answer, ...fill.key!.accepted])
      expect(gradeFillIn(withoutKey(fill), fill.key!, form, ENGLISH_PHRASES)?.verdict, form).toBe("correct");
  });
});
