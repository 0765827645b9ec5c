// The exercises of a lesson, read with the lesson validator's own reading of the format
// (`lessonChapters`, the heading vocabularies of every language, the outline; docs/lesson-format.md),
// so there is one parser: each exercise's question and options, the Key Concepts of its chapter, and
// its Answer Key entry split into the answer, the accepted variants and the explanation.
import { bodyLines, outline, type Outline } from "./outline";
import { lessonChapters, MC_OPTION } from "./validator";
import { exerciseHeading, halfWidth, isSection, type ExerciseType } from "./vocabulary";

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
  /** The chapter's Key Concepts this exercise is about (all of them when none is named in it). */
  concepts: Concept[];
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

/** A bold or plain label ending in a colon at the start of a line: `**Answer:**`, `**答案：**`, `Explanation:`. */
const LABEL = /^\s*(?:\*\*|__)?([^*_:：\n]{1,30}?)\s*[:：]\s*(?:\*\*|__)?\s*/;
const ACCEPTED_LABEL = /^(?:also\s+)?(?:accepted|accept|variants?|alternatives?)\b|^(?:也可|可接受|同样正确)/i;
const EXPLANATION_LABEL = /^(?:explanation|why|rubric)\b|^(?:解析|解释|说明|理由)/i;

export function parseExercises(markdown: string): KeyedExercise[] {
  const doc = outline(markdown);
  const entries = answerEntries(doc);
  const exercises: KeyedExercise[] = [];
  for (const chapter of lessonChapters(markdown)) {
    const chapterDoc = outline(chapter.text);
    const conceptsHeading = chapterDoc.headings.find((h) => h.level === 3 && isSection(h.text, "keyConcepts"));
    const concepts = conceptsHeading ? tableRows(bodyLines(chapterDoc, conceptsHeading)) : [];
    const chapterTitle = (chapterDoc.headings[0]?.raw ?? "").replace(/^[^:：]*[:：]\s*/, "").trim();
    for (const e of chapter.exercises) {
      if (!e.type || exercises.some((x) => x.id === e.id)) continue;
      const [, ...body] = e.text.split("\n");
      const options = e.type === "multiple_choice" ? body.flatMap(option) : [];
      const question = body
        .filter((l) => !(e.type === "multiple_choice" && option(l).length))
        .join("\n")
        .trim();
      const entry = entries.get(e.id);
      const key = e.answer !== undefined ? { answer: e.answer.text, accepted: entry?.accepted ?? [], explanation: entry?.explanation ?? "" } : undefined;
      exercises.push({
        id: e.id,
        chapter: chapter.number,
        chapterTitle,
        type: e.type,
        question,
        ...(options.length ? { options } : {}),
        concepts: conceptsOf(concepts, [question, ...options.map((o) => o.text), key?.answer ?? "", key?.explanation ?? ""].join("\n")),
        ...(key ? { key } : {}),
      });
    }
  }
  return exercises;
}

/** An option line's letter and text, or nothing. */
function option(line: string): Array<{ letter: string; text: string }> {
  const half = halfWidth(line);
  const m = MC_OPTION.exec(half);
  return m ? [{ letter: m[1]!.toUpperCase(), text: half.slice(m[0].length - 1).trim() }] : [];
}

/** The exercise without its answer, for learners. */
export function withoutKey({ key: _key, ...exercise }: KeyedExercise): Exercise {
  return exercise;
}

/** The Answer Key entries' lines after the answer: accepted variants and the explanation. */
function answerEntries(doc: Outline): Map<string, Omit<AnswerKey, "answer">> {
  const entries = new Map<string, Omit<AnswerKey, "answer">>();
  const section = doc.headings.find((h) => h.level === 2 && isSection(h.text, "answerKey"));
  if (!section) return entries;
  for (const h of doc.headings.filter((x) => x.line > section.line && x.line < section.end && x.level >= 3)) {
    const id = exerciseHeading(h.text)?.id;
    if (!id || entries.has(id)) continue;
    const [, ...rest] = bodyLines(doc, h).filter((l) => l.trim() !== "");
    const accepted: string[] = [];
    const explanation: string[] = [];
    for (const line of rest) {
      const label = LABEL.exec(line)?.[1]?.trim() ?? "";
      if (ACCEPTED_LABEL.test(label)) accepted.push(...splitVariants(stripLabel(line), /\s*[;|；]\s*/));
      else explanation.push(EXPLANATION_LABEL.test(label) ? stripLabel(line) : line.trim());
    }
    entries.set(id, { accepted, explanation: explanation.join("\n").trim() });
  }
  return entries;
}

function stripLabel(line: string): string {
  return line.replace(LABEL, "").trim();
}

/** Variants written in one line, without empty pieces. */
export function splitVariants(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The data rows of a Markdown table: first cell the term, second its meaning. */
function tableRows(lines: string[]): Concept[] {
  const rows: Concept[] = [];
  let header = true;
  for (const line of lines) {
    if (!line.includes("|")) {
      if (rows.length) break;
      continue;
    }
    if (/^\s*\|?\s*:?-{3,}/.test(line)) {
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

/** The concepts whose term the exercise names; all of the chapter's when it names none. */
function conceptsOf(concepts: Concept[], text: string): Concept[] {
  const lower = text.toLowerCase();
  const named = concepts.filter((c) => lower.includes(c.term.toLowerCase()));
  return named.length ? named : concepts;
}
