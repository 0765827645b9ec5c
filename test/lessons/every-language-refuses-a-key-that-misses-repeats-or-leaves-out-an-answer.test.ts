// The lesson check refuses a faulty Answer Key in every language the vocabularies read, never only in English: the
// English fixture written with each language's canonical headings, labels and exercise words (and, for Arabic and
// Hindi, Arabic-Indic digits in its numbers) passes, and a key that misses an exercise, answers one that does not
// exist, answers one twice or gives a label with no answer is refused with the finding that says so.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { validateLesson } from "../../src/lessons/validator";
import { VOCABULARIES, type LessonVocabulary, type SectionName } from "../../src/lessons/vocabulary";
import { FIXTURES } from "../support/paths";

const good = readFileSync(resolve(FIXTURES, "lessons", "good.md"), "utf8");

const SECTIONS: Record<string, SectionName> = {
  "### Objectives": "objectives",
  "### Key Concepts": "keyConcepts",
  "### Explanation": "explanation",
  "#### Why it matters": "whyItMatters",
  "#### Core content": "coreContent",
  "#### Formula or code": "formulaOrCode",
  "#### Common mistakes": "commonMistakes",
  "### Summary": "summary",
  "### Further Questions": "furtherQuestions",
  "### Exercises": "exercises",
  "## Answer Key": "answerKey",
  "## Sources": "sources",
};
const TYPES = {
  "Multiple choice": "multiple_choice",
  "Multiple-choice": "multiple_choice",
  "Fill in the blank": "fill_in",
  "Fill-in-the-blank": "fill_in",
  "Short answer": "short_answer",
  "Practice task": "practice",
} as const;
const arabicIndic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

/** The English fixture with `v`'s canonical words: chapter, section and exercise headings, answer labels; numbers through `digits`. */
function inLanguage(v: LessonVocabulary, digits: (n: string) => string): string {
  return good
    .split("\n")
    .map((line) => {
      if (SECTIONS[line]) return `${line.split(" ")[0]} ${v.sections[SECTIONS[line]!][0]}`;
      const chapter = /^## Chapter (\d): (.*)$/.exec(line);
      if (chapter) return `## ${v.chapter[0]!.replace("{n}", digits(chapter[1]!))}: ${chapter[2]}`;
      if (line.startsWith("### Example")) return `### ${v.sections.example[0]}`;
      const exercise = /^(#+) Exercise (\d\.\d)(?: \((.*)\))?$/.exec(line);
      if (exercise) {
        const type = exercise[3] ? ` (${v.exerciseTypes[TYPES[exercise[3] as keyof typeof TYPES]][0]})` : "";
        return `${exercise[1]} ${v.exercise[0]} ${digits(exercise[2]!)}${type}`;
      }
      return line.replace("**Answer:**", `**${v.labels.answer[0]}:**`).replace("**Explanation:**", `**${v.labels.explanation[0]}:**`);
    })
    .join("\n");
}

const lessons = VOCABULARIES.flatMap((v) => [
  [v.language, v, (n: string) => n] as const,
  ...(["ar", "hi"].includes(v.language) ? [[`${v.language} with Arabic-Indic digits`, v, arabicIndic] as const] : []),
]);

describe.each(lessons)("a lesson in %s", (_, v, digits) => {
  const lesson = inLanguage(v, digits);
  const entry = (id: string) => `### ${v.exercise[0]} ${digits(id)}\n`;
  const answer = `**${v.labels.answer[0]}:**`;
  const codes = (markdown: string) => validateLesson(markdown).findings.map((f) => f.code);

  it("passes as written", () => {
    expect(validateLesson(lesson)).toEqual({ ok: true, findings: [] });
  });

  it("is refused when its key misses an exercise", () => {
    expect(codes(lesson.replace(entry("2.4"), "### Notes\n"))).toEqual(["answer_missing"]);
  });

  it("is refused when its key answers an exercise it does not have", () => {
    const sources = `## ${v.sections.sources[0]}`;
    expect(codes(lesson.replace(sources, `${entry("2.6")}${answer} 5\n\n${sources}`))).toEqual(["answer_unknown"]);
  });

  it("is refused when its key answers one exercise twice", () => {
    expect(codes(lesson.replace(entry("1.2"), `${entry("1.1")}${answer} C\n\n${entry("1.2")}`))).toEqual(["answer_unknown"]);
  });

  it("is refused when an entry's answer label has no answer", () => {
    expect(codes(lesson.replace(`${answer} $5x^4$\n`, `${answer}\n`))).toEqual(["answer_empty"]);
  });
});
