// The exercises of a lesson, read with the lesson validator's own reading of the format
// (`readLesson`, the vocabularies of every language, the outline, the answer key entries;
// docs/lesson-format.md), so there is one parser: each exercise's question and options, the Key
// Concepts it practises, and its Answer Key entry (answer, accepted variants, explanation).
import { bodyLines, outline } from "./outline";
import { readLesson } from "./validator";
import { optionOf } from "./lesson-shape";
import { containsWord, isSection, sameWords, type ExerciseType } from "./vocabulary";

export type { ExerciseType };

export interface Concept {
  term: string;
  meaning: string;
}

/** An exercise as a learner sees it: no answer. */
export interface Exercise {
  /** "N.K" as in its heading. */
  id: string;
  chapter: number;
  chapterTitle: string;
  type: ExerciseType;
  /** The question's Markdown, without the option lines. */
  question: string;
  /** Multiple choice: the options A–D. */
  options?: Array<{ letter: string; text: string }>;
  /** The Key Concepts this exercise practises: its key's `Concepts:` line, else the terms it names; none when it names none. */
  concepts: Concept[];
  /**
   * The language of the lesson's headings (a vocabulary's tag), when known: answers may use its number words, and its
   * feedback and quiz are in it. A Chinese lesson written in Traditional characters is `zh-Hant` (lesson-language-tag.ts).
   */
  language?: string;
}

/** What the Answer Key says about one exercise. */
export interface AnswerKey {
  /** The answer line, without its label (`**Answer:** B` gives "B"). */
  answer: string;
  /** Other accepted answers: the key's `**Accepted:**` line. */
  accepted: string[];
  /** The rest of the entry: why the answer is right (the model grader's rubric). */
  explanation: string;
}

export interface KeyedExercise extends Exercise {
  /** Absent when the Answer Key has no entry for it: such an exercise cannot be graded. */
  key?: AnswerKey;
}

export function parseExercises(markdown: string): KeyedExercise[] {
  const { chapters, tag } = readLesson(markdown);
  const exercises: KeyedExercise[] = [];
  for (const chapter of chapters) {
    const chapterDoc = outline(chapter.text);
    const conceptsHeading = chapterDoc.headings.find((h) => h.level === 3 && isSection(h.text, "keyConcepts"));
    const table = conceptsHeading ? tableRows(bodyLines(chapterDoc, conceptsHeading)) : [];
    const chapterTitle = (chapterDoc.headings[0]?.raw ?? "").replace(/^[^:：]*[:：]\s*/, "").trim();
    for (const e of chapter.exercises) {
      if (!e.type || exercises.some((x) => x.id === e.id)) continue;
      const [, ...body] = e.text.split("\n");
      const question = body
        .filter((l) => !(e.type === "multiple_choice" && optionOf(l)))
        .join("\n")
        .trim();
      const key = e.answer ? { answer: e.answer.text, accepted: e.answer.accepted, explanation: e.answer.explanation } : undefined;
      const concepts = e.answer?.concepts.length
        ? tagged(table, e.answer.concepts)
        : named(table, [question, ...e.options.map((o) => o.text), key?.answer ?? "", key?.explanation ?? ""].join("\n"));
      exercises.push({
        id: e.id,
        chapter: chapter.number,
        chapterTitle,
        type: e.type,
        question,
        ...(e.options.length ? { options: e.options } : {}),
        concepts,
        ...(tag ? { language: tag } : {}),
        ...(key ? { key } : {}),
      });
    }
  }
  return exercises;
}

/** The exercise without its answer, for learners. */
export function withoutKey({ key: _key, ...exercise }: KeyedExercise): Exercise {
  return exercise;
}

/** The data rows of a Markdown table: first cell the term, second its meaning. */
export function tableRows(lines: string[]): Concept[] {
  const rows: Concept[] = [];
  let header = true;
  for (const line of lines) {
    if (!line.includes("|")) {
      if (rows.length) break;
      continue;
    }
    // The delimiter row: `(?:\|\s*)?`, as `\s*\|?\s*` split a run of spaces every way there is (in time in its square).
    if (/^\s*(?:\|\s*)?:?-{3,}/.test(line)) {
      header = false;
      continue;
    }
    if (header) continue;
    const cells = line
      .replace(/^\s*\|/, "")
      .replace(/\|\s*$/, "")
      .split("|")
      .map((c) => c.replace(/[*_`]/g, "").trim());
    if (cells[0]) rows.push({ term: cells[0], meaning: cells[1] ?? "" });
  }
  return rows;
}

/** A table term and its parts: `复合函数 (composite function)` is named as 复合函数 or composite function, `Spannung $U$` as Spannung. */
export const termNames = (term: string): string[] => {
  const plain = term.replace(/\$[^$]*\$/g, " ").trim();
  // Split at the brackets, then trimmed: `plain` is trimmed, so each part loses the spaces beside a bracket only.
  return [term, plain, ...plain.split(/[(（)）]/).map((part) => part.trim())].filter(Boolean);
};

/** The concepts a key's `Concepts:` line names, as the table defines them (a name the table lacks keeps no meaning). */
function tagged(table: Concept[], names: string[]): Concept[] {
  return names.map((name) => table.find((c) => termNames(c.term).some((t) => sameWords(name, t))) ?? { term: name, meaning: "" });
}

/** The concepts whose term the exercise names as a whole word; none when it names none. */
function named(table: Concept[], text: string): Concept[] {
  return table.filter((c) => termNames(c.term).some((t) => containsWord(text, t)));
}
