// Checks a Markdown lesson against the format of docs/lesson-format.md (skills/knowledge-compiler/
// templates/lesson.md is its skeleton). save_document runs it and hands the findings to the model, so
// every finding quotes the line it is about, says what it found and what to write instead.
//
// Headings are recognised in every language of ./vocabulary: `### Summary`, `### 小结`,
// `### Resumen / Summary` and `### 小结 / Summary` are the same section, and findings name the
// expected heading in the lesson's own language. One heading that is off gives one finding: the
// rest of the lesson is still read as the lesson it is. A lesson-shaped document in a language the
// vocabulary does not know gets one finding asking for bilingual headings.
import { checkAnswerKey, type Exercise, type KeyEntry } from "./answer-key";
import { checkChapter, CHAPTER_SECTIONS } from "./chapter-checks";
import { teachingWords } from "./chapter-length";
import { lessonLanguageTag } from "./lesson-language-tag";
import { isLessonHeading, lessonSignals, optionOf } from "./lesson-shape";
import { bodyLines, outline, type Heading, type Outline } from "./outline";
import { checkSources } from "./sources";
import { chapterNumber, chapterSpelling, headingLanguage, isSection, type ExerciseType, type LessonVocabulary, VOCABULARIES } from "./vocabulary";

export type FindingCode =
  | "missing_title"
  | "multiple_titles"
  | "no_chapters"
  | "chapter_heading"
  | "chapter_numbering"
  | "chapter_too_short"
  | "missing_section"
  | "empty_section"
  | "objectives_not_list"
  | "key_concepts_no_table"
  | "missing_explanation_part"
  | "exercise_heading"
  | "exercise_id"
  | "exercise_count"
  | "empty_exercise"
  | "mc_options"
  | "fill_in_no_blank"
  | "missing_answer_key"
  | "answer_missing"
  | "answer_unknown"
  | "answer_empty"
  | "mc_answer_no_letter"
  | "answer_disputed"
  | "missing_sources"
  | "sources_empty"
  | "source_not_fetched"
  | "citation_unknown"
  | "unknown_language";

export interface LessonFinding {
  code: FindingCode;
  message: string;
  /** The chapter's number as written in its heading. */
  chapter?: number;
  /** 1-based line the finding is about (for something missing: where it belongs). */
  line?: number;
  /** That line's text, so the writer can find it (and an edit can replace it). */
  quote?: string;
}

export interface LessonValidation {
  ok: boolean;
  findings: LessonFinding[];
}

/** One exercise as the lesson states it, with its answer key entry: what the blind answer check and the graders read. */
export interface LessonExercise {
  id: string;
  chapter: number;
  type?: ExerciseType;
  /** The exercise's heading and question text. */
  text: string;
  /** Multiple choice: the options A–D as written (half-width). */
  options: Array<{ letter: string; text: string }>;
  /** Its Answer Key entry. */
  answer?: KeyEntry;
}

export interface LessonChapter {
  number: number;
  /** The chapter's Markdown, from its heading to the next chapter or the Answer Key. */
  text: string;
  exercises: LessonExercise[];
}

export interface ValidateOptions {
  /** The URLs fetched in this run: every source must be one of them. */
  fetchedUrls?: ReadonlySet<string>;
  /** The target length of a chapter's teaching part in words (LESSON_CHAPTER_WORDS); a chapter under half of it is a finding. */
  chapterWords?: number;
}

/** The headings the validator requires, in their canonical spelling (tests keep docs, template and skills in step). */
export const REQUIRED_HEADINGS: readonly string[] = [
  "## Chapter",
  "### Objectives",
  "### Key Concepts",
  "### Explanation",
  "#### Why it matters",
  "#### Core content",
  "#### Formula or code",
  "#### Common mistakes",
  "### Example",
  "### Summary",
  "### Further Questions",
  "### Exercises",
  "## Answer Key",
  "## Sources",
];

const QUOTE_MAX = 160;

export type Add = (code: FindingCode, message: string, at?: { chapter?: number; line?: number }) => void;

/**
 * The lesson's chapters in every language. `named: false` marks a chapter that is one in all but its
 * heading: a level-2 section with Objectives or Key Concepts but no `Chapter N` heading, or a
 * `Chapter N` heading at level 3. Each is reported once and still checked as the chapter it is.
 */
function findChapters(doc: Outline): { heading: Heading; number: number; named: boolean }[] {
  const chapters: { heading: Heading; number: number; named: boolean }[] = [];
  for (const h of doc.headings) {
    if (h.level < 2 || h.level > 3 || isSection(h.text, "answerKey") || isSection(h.text, "sources")) continue;
    const n = chapterNumber(h.text);
    if (n !== undefined) chapters.push({ heading: h, number: n, named: h.level === 2 });
    else if (
      h.level === 2 &&
      doc.headings.some((s) => s.line > h.line && s.line < h.end && (isSection(s.text, "objectives") || isSection(s.text, "keyConcepts")))
    ) {
      chapters.push({ heading: h, number: (chapters.at(-1)?.number ?? 0) + 1, named: false });
    }
  }
  return chapters;
}

interface Analysis {
  findings: LessonFinding[];
  chapters: LessonChapter[];
  language?: LessonVocabulary;
  /** The language's tag as the lesson writes it: zh-Hant for Chinese in Traditional characters (lessonLanguageTag). */
  tag?: string;
}

function analyze(markdown: string, opts: ValidateOptions): Analysis {
  const doc = outline(markdown);
  const findings: LessonFinding[] = [];
  const add: Add = (code, message, at = {}) => {
    const f: LessonFinding = { code, message };
    if (at.chapter !== undefined) f.chapter = at.chapter;
    if (at.line !== undefined && doc.lines[at.line] !== undefined) {
      f.line = at.line + 1;
      f.quote = doc.lines[at.line]!.trim().slice(0, QUOTE_MAX);
    }
    findings.push(f);
  };

  const language = headingLanguage(doc.headings.map((h) => h.text));
  // Findings spell headings in the lesson's script: a Traditional Chinese lesson is told 學習目標, not 学习目标.
  const tag = language && lessonLanguageTag(language, markdown);
  if (!isLessonHeading(doc)) {
    const signals = lessonSignals(doc);
    if (signals.length) {
      unknownLanguage(doc, signals, add);
      return { findings, chapters: [] };
    }
  }

  const titles = doc.headings.filter((h) => h.level === 1);
  if (titles.length === 0) add("missing_title", "The lesson has no title: start it with one level-1 heading `# {title}`.", { line: 0 });
  if (titles.length > 1) {
    add(
      "multiple_titles",
      `The lesson has ${titles.length} level-1 headings (${titles.map((h) => `"${h.raw}"`).join(", ")}); keep one \`# {title}\` at the top and make the others level-2 (\`## Chapter N: …\`) or lower.`,
      { line: titles[1]!.line },
    );
  }

  const found = findChapters(doc);
  if (found.length === 0) {
    const misplaced = doc.headings.find((h) => (h.level === 1 || h.level > 3) && chapterNumber(h.text) !== undefined);
    const level2 = doc.headings.filter((h) => h.level === 2).slice(0, 3);
    const seen = misplaced
      ? ` Found "${misplaced.raw}" at level ${misplaced.level}; make it level 2.`
      : level2.length
        ? ` Its level-2 headings are ${level2.map((h) => `"## ${h.raw}"`).join(", ")}; none is a chapter heading.`
        : "";
    add("no_chapters", `The lesson has no chapter: each chapter starts with a level-2 heading \`${chapterSpelling(1, language, tag)}\`.${seen}`, {
      line: misplaced?.line ?? 0,
    });
  }
  for (const c of found.filter((c) => !c.named)) {
    const what = c.heading.level === 2 ? "holds a chapter but is not a chapter heading" : "is a chapter heading at level 3";
    add("chapter_heading", `"${"#".repeat(c.heading.level)} ${c.heading.raw}" ${what}; write \`${chapterSpelling(c.number, language, tag)}\`.`, {
      chapter: c.number,
      line: c.heading.line,
    });
  }
  const numbers = found.map((c) => c.number);
  if (numbers.some((n, i) => i > 0 && n !== numbers[i - 1]! + 1)) {
    const at = found.find((c, i) => i > 0 && c.number !== numbers[i - 1]! + 1)!;
    add(
      "chapter_numbering",
      `Chapters are numbered ${numbers.join(", ")}; number them consecutively (e.g. ${numbers.map((_, i) => numbers[0]! + i).join(", ")}).`,
      { line: at.heading.line },
    );
  }

  // A chapter runs to the next chapter or level-1 or -2 heading, except that a chapter's own section
  // written at level 2 (`## Summary`) stays inside it, so it can be pointed out.
  const boundaries = [
    ...found.map((c) => c.heading),
    ...doc.headings.filter((h) => h.level === 1 || (h.level === 2 && !CHAPTER_SECTIONS.some((s) => isSection(h.text, s)))),
  ].map((h) => h.line);
  const chapters: LessonChapter[] = [];
  const exercises: Exercise[] = [];
  for (const c of found) {
    const end = Math.min(doc.lines.length, ...boundaries.filter((line) => line > c.heading.line));
    const own = checkChapter(doc, c.heading, end, c.number, add, language, tag);
    if (opts.chapterWords) checkLength(doc, c.heading, end, c.number, opts.chapterWords, add, language);
    exercises.push(...own);
    chapters.push({
      number: c.number,
      text: doc.lines.slice(c.heading.line, end).join("\n"),
      exercises: own.map(({ heading, aliases: _a, ...e }) => {
        const body = bodyLines(doc, heading);
        const options = e.type === "multiple_choice" ? body.flatMap((l) => optionOf(l) ?? []) : [];
        return { ...e, text: [heading.raw, ...body].join("\n").trim(), options };
      }),
    });
  }

  const answers = checkAnswerKey(doc, exercises, add, language, tag);
  for (const chapter of chapters) for (const e of chapter.exercises) if (answers.has(e.id)) e.answer = answers.get(e.id);
  checkSources(doc, opts.fetchedUrls, add, language, tag);
  return { findings, chapters, ...(language ? { language, tag } : {}) };
}

/** A chapter whose teaching part is under half the target length. */
function checkLength(doc: Outline, chapter: Heading, end: number, n: number, target: number, add: Add, language?: LessonVocabulary): void {
  const exercises = doc.headings.find((h) => h.line > chapter.line && h.line < end && h.level === 3 && isSection(h.text, "exercises"));
  const words = teachingWords(doc, chapter, exercises, end, language);
  if (words * 2 >= target) return;
  add(
    "chapter_too_short",
    `Chapter ${n} teaches in about ${words} words (from its heading to its Exercises); the target is about ${target} words and a chapter needs at least ${Math.ceil(target / 2)}. Deepen its Core content, worked examples and Common mistakes.`,
    { chapter: n, line: chapter.line },
  );
}

/** The one finding of a lesson-shaped document none of whose headings is in a known language. */
function unknownLanguage(doc: Outline, signals: string[], add: Add): void {
  const languages = VOCABULARIES.map((v) => v.language).join(", ");
  add(
    "unknown_language",
    `This document looks like a lesson (${signals.join("; ")}), but none of its headings is in a language the lesson check reads (${languages}), so it cannot be checked and stays a draft. Write each checked heading in your language, then " / " and the English heading, as in \`### Objetivos / Objectives\`: \`## {Chapter} 1: {title} / Chapter 1\`, \`### {Objectives} / Objectives\` (and every other section), \`#### {Exercise} 1.1 ({Multiple choice} / Multiple choice)\`, \`## {Answer Key} / Answer Key\` with entries \`### {Exercise} 1.1\` and \`**{Answer} / Answer:** B\`, \`## {Sources} / Sources\`, where {…} is the word in your language.`,
    { line: doc.headings[0]?.line ?? 0 },
  );
}

export function validateLesson(markdown: string, opts: ValidateOptions = {}): LessonValidation {
  const { findings } = analyze(markdown, opts);
  return { ok: findings.length === 0, findings };
}

/** The lesson's chapters with their exercises and keyed answers, and the language of its headings. */
export function readLesson(markdown: string): Omit<Analysis, "findings"> {
  const { chapters, language, tag } = analyze(markdown, {});
  return { chapters, ...(language ? { language, tag } : {}) };
}

/** The lesson's chapters with their exercises and keyed answers (for the blind answer check). */
export const lessonChapters = (markdown: string): LessonChapter[] => readLesson(markdown).chapters;

/** The text of the first level-1 heading, if any. */
export function lessonTitle(markdown: string): string | undefined {
  return outline(markdown).headings.find((h) => h.level === 1)?.raw;
}
