// The exercises of a lesson, read from its Markdown with the lesson validator's own outline and
// patterns (docs/lesson-format.md), so there is one reading of the format: the question and options
// of each `#### Exercise N.K (type)`, its chapter's Key Concepts table, and its Answer Key entry.
import { bodyLines, outline, type Heading, type Outline } from "../tools/lesson-outline";
import { ANCHORS, ANSWER_HEADING, chapterSpans, EXERCISE_HEADING, exerciseType, MC_OPTION, type ExerciseType } from "../tools/lesson-validator";

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
  /** Multiple choice: the four options A–D. */
  options?: Array<{ letter: string; text: string }>;
  /** The chapter's Key Concepts this exercise is about (all of them when none is named in it). */
  concepts: Concept[];
}

/** What the Answer Key says about one exercise. */
export interface AnswerKey {
  /** The answer line, without its label (`**Answer:** B` gives "B"). */
  answer: string;
  /** Other accepted answers: the key's `**Accepted:**` line and ` / ` alternatives of a fill-in answer. */
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
  const keys = answerKeys(doc);
  const exercises: KeyedExercise[] = [];
  for (const span of chapterSpans(doc)) {
    const inChapter = doc.headings.filter((h) => h.line > span.heading.line && h.line < span.end);
    const conceptsHeading = inChapter.find((h) => h.level === 3 && ANCHORS.keyConcepts.pattern.test(h.text));
    const concepts = conceptsHeading ? tableRows(bodyLines(doc, conceptsHeading)) : [];
    const section = inChapter.find((h) => h.level === 3 && ANCHORS.exercises.pattern.test(h.text));
    if (!section) continue;
    const chapterTitle = span.heading.raw.replace(/^[^:：]*[:：]\s*/, "").trim();
    for (const h of inChapter.filter((x) => x.level === 4 && x.line > section.line && x.line < section.end)) {
      const m = EXERCISE_HEADING.exec(h.text);
      const type = m && exerciseType(m[3]!);
      if (!m || !type || Number(m[1]) !== span.number) continue;
      const id = `${m[1]}.${m[2]}`;
      if (exercises.some((e) => e.id === id)) continue;
      const body = bodyLines(doc, h);
      const options =
        type === "multiple_choice"
          ? body.flatMap((l) => {
              const o = MC_OPTION.exec(l);
              return o ? [{ letter: o[1]!, text: o[2]! }] : [];
            })
          : [];
      const question = body
        .filter((l) => !(type === "multiple_choice" && MC_OPTION.test(l)))
        .join("\n")
        .trim();
      const key = keys.get(id);
      const exercise: KeyedExercise = {
        id,
        chapter: span.number,
        chapterTitle,
        type,
        question,
        ...(options.length ? { options } : {}),
        concepts: conceptsOf(concepts, [question, ...options.map((o) => o.text), key?.answer ?? "", key?.explanation ?? ""].join("\n")),
        ...(key ? { key } : {}),
      };
      exercises.push(exercise);
    }
  }
  return exercises;
}

/** The exercise without its answer, for learners. */
export function withoutKey({ key: _key, ...exercise }: KeyedExercise): Exercise {
  return exercise;
}

function answerKeys(doc: Outline): Map<string, AnswerKey> {
  const keys = new Map<string, AnswerKey>();
  const section = doc.headings.find((h) => h.level === 2 && ANCHORS.answerKey.pattern.test(h.text));
  if (!section) return keys;
  for (const h of doc.headings.filter((x) => x.line > section.line && x.line < section.end && x.level >= 3)) {
    const m = ANSWER_HEADING.exec(h.text);
    if (m && !keys.has(`${m[1]}.${m[2]}`)) keys.set(`${m[1]}.${m[2]}`, answerKey(doc, h));
  }
  return keys;
}

function answerKey(doc: Outline, h: Heading): AnswerKey {
  const lines = bodyLines(doc, h).filter((l) => l.trim() !== "");
  const [first = "", ...rest] = lines;
  const answer = stripLabel(first);
  const accepted: string[] = [];
  const explanation: string[] = [];
  for (const line of rest) {
    const label = LABEL.exec(line)?.[1]?.trim() ?? "";
    if (ACCEPTED_LABEL.test(label)) accepted.push(...splitVariants(stripLabel(line), /\s*[;|；]\s*/));
    else explanation.push(EXPLANATION_LABEL.test(label) ? stripLabel(line) : line.trim());
  }
  return { answer, accepted, explanation: explanation.join("\n").trim() };
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
