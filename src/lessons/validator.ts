// Checks a Markdown lesson against the format of docs/lesson-format.md (skills/knowledge-compiler/
// templates/lesson.md is its skeleton). save_document runs it and hands the findings to the model, so
// every finding quotes the line it is about and says what to write instead.
//
// Headings are recognised in every language of ./lesson-vocabulary (English and Chinese today):
// `### Summary`, `### 小结`, `### Summary / 小结` and `### 小结 / Summary` are the same section.
// One heading that is off gives one finding: the rest of the lesson is still read as the lesson it is.
import { bodyLines, hasTable, hasText, outline, type Heading, type Outline } from "./outline";
import { checkAnswerKey, type Exercise } from "./answer-key";
import { checkSources } from "./sources";
import {
  EXERCISE_TYPES,
  type ExerciseType,
  type SectionName,
  canonicalType,
  chapterNumber,
  exerciseHeading,
  halfWidth,
  isSection,
  spellings,
  typeSpellings,
} from "./vocabulary";

export type FindingCode =
  | "missing_title"
  | "multiple_titles"
  | "no_chapters"
  | "chapter_heading"
  | "chapter_numbering"
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
  | "source_not_fetched"
  | "citation_unknown";

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

/** One exercise as the lesson states it, with its answer key entry: what the blind answer check reads. */
export interface LessonExercise {
  id: string;
  chapter: number;
  type?: ExerciseType;
  /** The exercise's heading and question text. */
  text: string;
  /** The first line of its answer key entry, without the `Answer:` label, and that line's 1-based number. */
  answer?: { text: string; line: number };
}

export interface LessonChapter {
  number: number;
  /** The chapter's Markdown, from its heading to the next chapter or the Answer Key. */
  text: string;
  exercises: LessonExercise[];
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

const CHAPTER_SECTIONS: readonly SectionName[] = [
  "objectives",
  "keyConcepts",
  "explanation",
  "whyItMatters",
  "coreContent",
  "formulaOrCode",
  "commonMistakes",
  "example",
  "summary",
  "furtherQuestions",
  "exercises",
];

const NEEDED: Record<ExerciseType, number> = { multiple_choice: 2, fill_in: 1, short_answer: 1, practice: 1 };

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
/** An option line, half-width: `- A. …`, `A) …`, `(A) …`, `**A.** …`, `- A、…`, `- a. …`. Its match ends on the option text's first character. */
export const MC_OPTION = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?\(?([A-Da-d])(?:[.):、]|\*\*[.):、]?)(?:\*\*|__)?\s*\S/;
/** A blank, half-width: four or more underscores (`____`, `＿＿＿＿`), or empty brackets `（ ）`. */
export const BLANK = /(?:\\?_){4,}|\(\s*\)/;
const QUOTE_MAX = 160;

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
}

function analyze(markdown: string, fetchedUrls: ReadonlySet<string> | undefined): Analysis {
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
    add(
      "no_chapters",
      `The lesson has no chapter: each chapter starts with a level-2 heading \`## Chapter 1: {title}\` (or \`## 第1章：{title}\`).${misplaced ? ` Found "${misplaced.raw}" at level ${misplaced.level}; make it level 2.` : ""}`,
      { line: misplaced?.line ?? 0 },
    );
  }
  for (const c of found.filter((c) => !c.named)) {
    const what = c.heading.level === 2 ? "holds a chapter but is not a chapter heading" : "is a chapter heading at level 3";
    add(
      "chapter_heading",
      `"${"#".repeat(c.heading.level)} ${c.heading.raw}" ${what}; write \`## Chapter ${c.number}: {title}\` (or \`## 第${c.number}章：{title}\`).`,
      { chapter: c.number, line: c.heading.line },
    );
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
    const own = checkChapter(doc, c.heading, end, c.number, add);
    exercises.push(...own);
    chapters.push({
      number: c.number,
      text: doc.lines.slice(c.heading.line, end).join("\n"),
      exercises: own.map(({ heading, aliases: _a, ...e }) => ({ ...e, text: [heading.raw, ...bodyLines(doc, heading)].join("\n").trim() })),
    });
  }

  const answers = checkAnswerKey(doc, exercises, add);
  for (const chapter of chapters) for (const e of chapter.exercises) if (answers.has(e.id)) e.answer = answers.get(e.id);
  checkSources(doc, fetchedUrls, add);
  return { findings, chapters };
}

export function validateLesson(markdown: string, opts: { fetchedUrls?: ReadonlySet<string> } = {}): LessonValidation {
  const { findings } = analyze(markdown, opts.fetchedUrls);
  return { ok: findings.length === 0, findings };
}

/** The lesson's chapters with their exercises and keyed answers (for the blind answer check). */
export function lessonChapters(markdown: string): LessonChapter[] {
  return analyze(markdown, undefined).chapters;
}

/** Whether save_document should treat a Markdown document as a lesson (and validate it), in any language. */
export function looksLikeLesson(markdown: string): boolean {
  return outline(markdown).headings.some(
    (h) =>
      chapterNumber(h.text) !== undefined ||
      (h.level >= 2 && isSection(h.text, "answerKey")) ||
      (h.level >= 3 && (["objectives", "keyConcepts", "exercises"] as const).some((s) => isSection(h.text, s))) ||
      (h.level >= 3 && exerciseHeading(h.text)?.type !== undefined),
  );
}

/** The text of the first level-1 heading, if any. */
export function lessonTitle(markdown: string): string | undefined {
  return outline(markdown).headings.find((h) => h.level === 1)?.raw;
}

export type Add = (code: FindingCode, message: string, at?: { chapter?: number; line?: number }) => void;

function checkChapter(doc: Outline, chapter: Heading, end: number, n: number, add: Add): Exercise[] {
  const inChapter = doc.headings.filter((h) => h.line > chapter.line && h.line < end);
  const at = (line: number) => ({ chapter: n, line });
  /** The `name` heading at `level` inside `within`, or a finding that says where to put it. */
  const requireHeading = (name: SectionName, level: number, within: Heading[], missing: string, parent: Heading): Heading | undefined => {
    const hit = within.find((h) => h.level === level && isSection(h.text, name));
    if (hit) return hit;
    const misplaced = inChapter.find((h) => h.level !== level && isSection(h.text, name));
    const hint = misplaced ? ` Found "${"#".repeat(misplaced.level)} ${misplaced.raw}"; make it a level-${level} heading.` : "";
    add(
      level === 3 ? "missing_section" : "missing_explanation_part",
      `Chapter ${n} has no ${spellings(name, level)} ${missing}.${hint}`,
      at(misplaced?.line ?? parent.line),
    );
    return undefined;
  };
  const section = (name: SectionName, where: string) => requireHeading(name, 3, inChapter, `section; add it ${where}`, chapter);
  const nonEmpty = (h: Heading | undefined) => {
    if (h && !hasText(doc, h)) add("empty_section", `Chapter ${n}'s "${h.raw}" section is empty; write its content under that heading.`, at(h.line));
  };

  const objectives = section("objectives", "right after the chapter heading, as a bullet list of what the learner will be able to do");
  if (objectives && !bodyLines(doc, objectives).some((l) => LIST_ITEM.test(l))) {
    add("objectives_not_list", `Chapter ${n}'s Objectives must be a bullet list (\`- Explain …\`), one objective per item.`, at(objectives.line));
  }
  const concepts = section("keyConcepts", "after the Objectives, as a table `| Concept | Meaning |`");
  if (concepts && !hasTable(bodyLines(doc, concepts))) {
    add(
      "key_concepts_no_table",
      `Chapter ${n}'s Key Concepts must contain a Markdown table: a header row \`| Concept | Meaning |\`, a separator \`|---|---|\` and one row per concept.`,
      at(concepts.line),
    );
  }
  const explanation = section("explanation", "after the Key Concepts");
  if (explanation) {
    const parts = inChapter.filter((h) => h.line > explanation.line && h.line < explanation.end);
    for (const part of ["whyItMatters", "coreContent", "formulaOrCode", "commonMistakes"] as const) {
      nonEmpty(requireHeading(part, 4, parts, "part in its Explanation; add it as a level-4 heading inside the Explanation", explanation));
    }
  }
  nonEmpty(section("example", "after the Explanation, as a worked example with a step-by-step solution"));
  nonEmpty(section("summary", "after the examples, as a few bullets of what to remember"));
  nonEmpty(section("furtherQuestions", "after the Summary, with questions for further study"));
  const exercisesSection = section("exercises", "at the end of the chapter, with the five exercises");
  return checkExercises(doc, inChapter, exercisesSection, n, add);
}

function checkExercises(doc: Outline, inChapter: Heading[], section: Heading | undefined, n: number, add: Add): Exercise[] {
  const at = (line: number) => ({ chapter: n, line });
  const found: Exercise[] = [];
  // Exercise headings count wherever they are in the chapter, so a misplaced one is one finding, not a missing exercise.
  const headings = inChapter.filter((h) => exerciseHeading(h.text) || (section && h.level === 4 && h.line > section.line && h.line < section.end));
  const wrongLevel = headings.filter((h) => h.level !== 4 && exerciseHeading(h.text));
  if (wrongLevel.length) {
    const first = wrongLevel[0]!;
    add(
      "exercise_heading",
      `"${"#".repeat(first.level)} ${first.raw}"${wrongLevel.length > 1 ? ` and ${wrongLevel.length - 1} more exercise heading${wrongLevel.length > 2 ? "s" : ""}` : ""} must be level-4 headings (\`#### Exercise ${n}.K ({type})\`) inside Chapter ${n}'s Exercises section.`,
      at(first.line),
    );
  }
  let uncounted = false;
  for (const h of headings) {
    const parsed = exerciseHeading(h.text);
    if (!parsed) {
      uncounted = true;
      add(
        "exercise_heading",
        `"#### ${h.raw}" in Chapter ${n}'s Exercises is not an exercise heading; write \`#### Exercise ${n}.K ({type})\` where {type} is one of: ${EXERCISE_TYPES.map(typeSpellings).join(", ")}.`,
        at(h.line),
      );
      continue;
    }
    const k = parsed.id.split(".")[1]!;
    const id = `${n}.${k}`;
    const aliases = parsed.id === id ? [] : [parsed.id];
    if (parsed.chapter !== n) add("exercise_id", `Exercise ${parsed.id} is in Chapter ${n}; number it ${id}.`, at(h.line));
    if (found.some((e) => e.id === id)) {
      if (parsed.chapter !== n) continue;
      add("exercise_id", `Chapter ${n} has two exercises numbered ${id}; number them ${n}.1, ${n}.2, … in order.`, at(h.line));
      continue;
    }
    if (!parsed.type) {
      uncounted = true;
      add(
        "exercise_heading",
        `Exercise ${parsed.id} has ${parsed.typeText ? `type "${parsed.typeText}"` : "no type"}; write its type in brackets after the number, one of: ${EXERCISE_TYPES.map(typeSpellings).join(", ")}.`,
        at(h.line),
      );
    }
    const exercise: Exercise = { id, chapter: n, heading: h, aliases, ...(parsed.type ? { type: parsed.type } : {}) };
    found.push(exercise);

    const body = bodyLines(doc, h).map(halfWidth);
    if (!body.some((l) => l.trim() !== "")) {
      add("empty_exercise", `Exercise ${id} has no question text under its heading.`, at(h.line));
      continue;
    }
    if (parsed.type === "multiple_choice") {
      const letters = body.flatMap((l) => MC_OPTION.exec(l)?.[1]?.toUpperCase() ?? []);
      if (letters.join("") !== "ABCD") {
        const seen = letters.length
          ? `found ${letters.length} option line${letters.length === 1 ? "" : "s"} (${letters.join(", ")})`
          : "no option lines were found";
        add(
          "mc_options",
          `Exercise ${id} (Multiple choice) needs exactly four options A–D, one per line as \`- A. …\` through \`- D. …\`; ${seen}.`,
          at(h.line),
        );
      }
    } else if (parsed.type === "fill_in" && !body.some((l) => BLANK.test(l))) {
      add(
        "fill_in_no_blank",
        `Exercise ${id} (Fill in the blank) has no blank; put \`____\` (four underscores) where the missing word or value goes.`,
        at(h.line),
      );
    }
  }
  if (!uncounted) {
    for (const type of EXERCISE_TYPES) {
      const count = found.filter((e) => e.type === type).length;
      if (count < NEEDED[type]) {
        add(
          "exercise_count",
          `Chapter ${n} has ${count} "${canonicalType(type)}" exercise${count === 1 ? "" : "s"}; it needs ${NEEDED[type]}. Add \`#### Exercise ${n}.K (${canonicalType(type)})\` under its Exercises.`,
          at(section?.line ?? found.at(-1)?.heading.line ?? inChapter[0]?.line ?? 0),
        );
      }
    }
  }
  return found;
}
