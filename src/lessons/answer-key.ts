// The Answer Key of a lesson: one entry per exercise, in the form its type needs (a letter for
// multiple choice), and no entry for an exercise the lesson does not have. Each entry is read once,
// here, into what the blind answer check and the graders use: the answer, the accepted variants,
// the explanation and the concepts it practises (`**Concepts:**`), with labels in any language.
import { bodyLines, type Heading, type Outline } from "./outline";
import type { Add } from "./validator";
import {
  chapterNumber,
  entryId,
  exerciseHeading,
  exerciseSpelling,
  halfWidth,
  isSection,
  keyLine,
  labelSpelling,
  spelling,
  type ExerciseType,
  type LessonVocabulary,
} from "./vocabulary";

/** An exercise as the chapter check found it. */
export interface Exercise {
  id: string;
  chapter: number;
  type?: ExerciseType;
  heading: Heading;
  /** Other ids its answer key entry may use (the number the writer gave a misnumbered exercise). */
  aliases: string[];
}

/** What the Answer Key says about one exercise. */
export interface KeyEntry {
  /** The answer: the entry's first line without its label (`**Answer:** B` gives "B"). */
  text: string;
  /** The 1-based line of the answer. */
  line: number;
  /** Other accepted answers: the entry's `**Accepted:**` lines, split at `;` or `|`. */
  accepted: string[];
  /** The rest of the entry: why the answer is right (the model grader's rubric). */
  explanation: string;
  /** The Key Concepts the exercise practises: the entry's `**Concepts:**` line, split at `;` or `,`. */
  concepts: string[];
}

/**
 * The option letter a multiple choice answer names: `B`, `**答案：** d`, `(b)`, `Ｂ`, `The answer is C.` The one reading
 * of a key's letter, for the validator, the blind answer check and grading (a line without its label reads the same).
 * A lower-case letter leads only alone or before a sign (`b)`, `b — …`): in `a alternativa C`, `c'est la B` or
 * `d/dx x^3 = 3x^2, so C` it is a word, and a capital before an apostrophe (`C'est la B`) is one too.
 */
export function answerLetter(line: string): string | undefined {
  const text = halfWidth(keyLine(line).text);
  const m = /^\(?(?:([A-D])(?![\p{L}\p{N}'’])|([a-d])(?=$|[).:]|\s+[^\p{L}\s]))/u.exec(text) ?? /(?<![\p{L}\p{N}'’])([A-D])(?![\p{L}\p{N}'’])/u.exec(text);
  return (m?.[1] ?? m?.[2])?.toUpperCase();
}

/** Text split at `separator`, trimmed, without empty pieces. */
export function splitVariants(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** An entry's lines (non-empty, the first at `line`) read into the answer and its labelled parts. */
export function readEntry(lines: string[], line: number): KeyEntry {
  // The line labelled as the answer is the answer wherever it stands (an explanation may come first), and
  // `**Answer:**` alone on its line gives the answer the line after it.
  const labelled = lines.findIndex((l) => keyLine(l).label === "answer");
  const [first, ...rest] = labelled > 0 ? [lines[labelled]!, ...lines.filter((_, i) => i !== labelled)] : lines;
  const entry: KeyEntry = { text: keyLine(first!).text, line, accepted: [], explanation: "", concepts: [] };
  if (!entry.text && keyLine(first!).label === "answer" && rest[0] && !keyLine(rest[0]).label) entry.text = keyLine(rest.shift()!).text;
  const explanation: string[] = [];
  for (const l of rest) {
    const { label, text } = keyLine(l);
    // At the separator alone: the pieces are trimmed, and a `\s*` before it would scan a run of spaces again from each space.
    if (label === "accepted") entry.accepted.push(...splitVariants(text, /[;|；]/));
    else if (label === "concepts") entry.concepts.push(...splitVariants(text, /[;,，、；]/));
    else explanation.push(label ? text : l.trim());
  }
  entry.explanation = explanation.join("\n").trim();
  return entry;
}

/** Checks the Answer Key against the exercises; returns each answered exercise's entry. */
export function checkAnswerKey(doc: Outline, exercises: Exercise[], add: Add, language?: LessonVocabulary, tag?: string): Map<string, KeyEntry> {
  const answers = new Map<string, KeyEntry>();
  const key = doc.headings.find((h) => h.level === 2 && isSection(h.text, "answerKey"));
  if (!key) {
    const lookalike = doc.headings.find(
      (h) => h.level === 2 && chapterNumber(h.text) === undefined && doc.headings.some((s) => s.line > h.line && s.line < h.end && exerciseHeading(s.text)),
    );
    add(
      "missing_answer_key",
      `The lesson has no ${spelling("answerKey", 2, language, tag)}: add it after the last chapter, with a \`${exerciseSpelling("N.K", 3, language, tag, "")}\` entry (answer and explanation) for every exercise.${lookalike ? ` Found "## ${lookalike.raw}" with answer entries; name it ${spelling("answerKey", 2, language, tag)}.` : ""}`,
      { line: lookalike?.line ?? doc.headings.find((h) => h.level === 2 && isSection(h.text, "sources"))?.line ?? doc.lines.length - 1 },
    );
    return answers;
  }
  const entries = new Map<string, Heading>();
  // A second entry for one exercise is one no exercise takes: which of the two answers is the key's?
  const twice: Heading[] = [];
  for (const h of doc.headings.filter((h) => h.line > key.line && h.line < key.end && h.level >= 3)) {
    const id = entryId(h.text);
    if (id && entries.has(id)) twice.push(h);
    else if (id) entries.set(id, h);
  }
  const used = new Set<string>();
  const missingByChapter = new Map<number, Exercise[]>();
  for (const e of exercises) {
    const id = [e.id, ...e.aliases].find((i) => entries.has(i));
    if (!id) {
      missingByChapter.set(e.chapter, [...(missingByChapter.get(e.chapter) ?? []), e]);
      continue;
    }
    used.add(id);
    const entry = entries.get(id)!;
    const body = bodyLines(doc, entry);
    const lines = body.filter((l) => l.trim() !== "");
    if (lines.length === 0) {
      add("answer_empty", `The Answer Key entry for Exercise ${e.id} is empty; give the answer and an explanation.`, { chapter: e.chapter, line: entry.line });
      continue;
    }
    const line = entry.line + 1 + body.findIndex((l) => l.trim() !== "");
    const read = readEntry(lines, line + 1);
    answers.set(e.id, read);
    if (!read.text) {
      add("answer_empty", `The Answer Key entry for Exercise ${e.id} gives no answer; write it after \`${labelSpelling("answer", language, tag)}\`.`, {
        chapter: e.chapter,
        line,
      });
    } else if (e.type === "multiple_choice" && !answerLetter(read.text)) {
      add(
        "mc_answer_no_letter",
        `The Answer Key entry for Exercise ${e.id} (Multiple choice) must name the correct option on its first line, e.g. \`${labelSpelling("answer", language, tag)} B\`; its first line is "${lines[0]!.trim().slice(0, 80)}".`,
        { chapter: e.chapter, line },
      );
    }
  }
  for (const [chapter, missing] of missingByChapter) {
    const ids = missing.map((e) => e.id);
    add(
      "answer_missing",
      `The Answer Key has no entry for Exercise ${ids.join(", ")}; add \`${exerciseSpelling(ids[0]!, 3, language, tag, "")}\` with \`${labelSpelling("answer", language, tag)} …\` and \`${labelSpelling("explanation", language, tag)} …\` for each.`,
      { chapter, line: missing[0]!.heading.line },
    );
  }
  for (const h of twice) {
    add("answer_unknown", `The Answer Key has a second entry "${h.raw}" for Exercise ${entryId(h.text)}; keep one entry per exercise.`, { line: h.line });
  }
  const unknown = [...entries].filter(([id]) => !used.has(id));
  if (unknown.length) {
    add(
      "answer_unknown",
      `The Answer Key has entr${unknown.length === 1 ? "y" : "ies"} ${unknown.map(([, h]) => `"${h.raw}"`).join(", ")} but no chapter has ${unknown.length === 1 ? "that exercise" : "those exercises"}; renumber or remove ${unknown.length === 1 ? "it" : "them"}.`,
      { line: unknown[0]![1].line },
    );
  }
  return answers;
}
