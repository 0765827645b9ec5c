// The checks of one chapter: its sections at their levels, its Objectives and Key Concepts in the
// form they need, and its exercises. A finding says what was found and what is expected, in the
// lesson's own language (`### Objetivos` (Objectives)), so one edit fixes it.
import type { Exercise } from "./answer-key";
import { BLANK, MC_OPTION } from "./lesson-shape";
import { bodyLines, hasTable, hasText, type Heading, type Outline } from "./outline";
import type { Add } from "./validator";
import {
  EXERCISE_TYPES,
  type LessonVocabulary,
  type ExerciseType,
  type SectionName,
  canonicalType,
  chapterNumber,
  exerciseHeading,
  exerciseSpelling,
  halfWidth,
  isSection,
  spelling,
  typeSpelling,
} from "./vocabulary";

export const CHAPTER_SECTIONS: readonly SectionName[] = [
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

const quoteHeading = (h: Heading) => `"${"#".repeat(h.level)} ${h.raw}"`;

/** Whether a heading is a checked part of a chapter (a section, a chapter or an exercise). */
const isChecked = (h: Heading) => CHAPTER_SECTIONS.some((s) => isSection(h.text, s)) || chapterNumber(h.text) !== undefined || exerciseHeading(h.text);

export function checkChapter(doc: Outline, chapter: Heading, end: number, n: number, add: Add, language?: LessonVocabulary, tag?: string): Exercise[] {
  const inChapter = doc.headings.filter((h) => h.line > chapter.line && h.line < end);
  const at = (line: number) => ({ chapter: n, line });
  /** The `name` heading at `level` inside `within`, or a finding that says where to put it and what was found instead. */
  const requireHeading = (name: SectionName, level: number, within: Heading[], missing: string, parent: Heading): Heading | undefined => {
    const hit = within.find((h) => h.level === level && isSection(h.text, name));
    if (hit) return hit;
    const misplaced = inChapter.find((h) => h.level !== level && isSection(h.text, name));
    const unknown = within.filter((h) => h.level === level && !isChecked(h));
    const found = misplaced
      ? ` Found ${quoteHeading(misplaced)}; make it a level-${level} heading.`
      : unknown.length
        ? ` Its level-${level} heading${unknown.length === 1 ? " is" : "s are"} ${unknown.map(quoteHeading).join(", ")}, which ${unknown.length === 1 ? "is no checked section; if it is meant" : "are no checked sections; if one of them is meant"}, rename it to ${spelling(name, level, language, tag)}.`
        : "";
    add(
      level === 3 ? "missing_section" : "missing_explanation_part",
      `Chapter ${n} has no ${spelling(name, level, language, tag)} ${missing}.${found}`,
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
    add(
      "objectives_not_list",
      `Chapter ${n}'s "${objectives.raw}" must be a bullet list (\`- …\`), one objective per item; it has no list item.`,
      at(objectives.line),
    );
  }
  const concepts = section("keyConcepts", "after the Objectives, as a table `| Concept | Meaning |`");
  if (concepts && !hasTable(bodyLines(doc, concepts))) {
    add(
      "key_concepts_no_table",
      `Chapter ${n}'s "${concepts.raw}" must contain a Markdown table: a header row \`| Concept | Meaning |\`, a separator \`|---|---|\` and one row per concept; it has none.`,
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
  return checkExercises(doc, inChapter, exercisesSection, n, add, language, tag);
}

function checkExercises(
  doc: Outline,
  inChapter: Heading[],
  section: Heading | undefined,
  n: number,
  add: Add,
  language?: LessonVocabulary,
  tag?: string,
): Exercise[] {
  const at = (line: number) => ({ chapter: n, line });
  const types = EXERCISE_TYPES.map((t) => typeSpelling(t, language, tag)).join(", ");
  const found: Exercise[] = [];
  // Exercise headings count wherever they are in the chapter, so a misplaced one is one finding, not a missing exercise.
  const headings = inChapter.filter((h) => exerciseHeading(h.text) || (section && h.level === 4 && h.line > section.line && h.line < section.end));
  const wrongLevel = headings.filter((h) => h.level !== 4 && exerciseHeading(h.text));
  if (wrongLevel.length) {
    const first = wrongLevel[0]!;
    add(
      "exercise_heading",
      `${quoteHeading(first)}${wrongLevel.length > 1 ? ` and ${wrongLevel.length - 1} more exercise heading${wrongLevel.length > 2 ? "s" : ""}` : ""} must be level-4 headings (\`${exerciseSpelling(`${n}.K`, 4, language, tag)}\`) inside Chapter ${n}'s Exercises section.`,
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
        `"#### ${h.raw}" in Chapter ${n}'s Exercises is not an exercise heading; write \`${exerciseSpelling(`${n}.K`, 4, language, tag)}\` where {type} is one of: ${types}.`,
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
        `Exercise ${parsed.id} has ${parsed.typeText ? `type "${parsed.typeText}"` : "no type"}; write its type in brackets after the number, one of: ${types}.`,
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
        const have = found.filter((e) => e.type === type).map((e) => e.id);
        add(
          "exercise_count",
          `Chapter ${n} has ${count} "${canonicalType(type)}" exercise${count === 1 ? "" : "s"}${have.length ? ` (${have.join(", ")})` : ""}; it needs ${NEEDED[type]}. Add \`${exerciseSpelling(`${n}.K`, 4, language, tag, type)}\` under its Exercises.`,
          at(section?.line ?? found.at(-1)?.heading.line ?? inChapter[0]?.line ?? 0),
        );
      }
    }
  }
  return found;
}
