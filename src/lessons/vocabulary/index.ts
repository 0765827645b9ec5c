// The lesson vocabularies of every language, compiled into the questions the validator asks of a
// heading: which section is it, which chapter, which exercise. A heading may mix languages and put
// a translation on either side of a slash (`### Summary / 小结`, `### 小结 / Summary`); full-width
// punctuation counts as its ASCII form (NFKC), and case does not matter.
import { english } from "./en";
import type { ExerciseType, LessonVocabulary, SectionName } from "./types";
import { chinese } from "./zh";

export type { ExerciseType, LessonVocabulary, SectionName } from "./types";

/** Every language the validator reads; the first one's words are the canonical spellings. */
export const VOCABULARIES: readonly LessonVocabulary[] = [english, chinese];

export const EXERCISE_TYPES: readonly ExerciseType[] = ["multiple_choice", "fill_in", "short_answer", "practice"];

/** Full-width forms as ASCII (（）．：＿　 → ().:_ and a space). */
export const halfWidth = (text: string): string => text.normalize("NFKC");

/** The comparable form of a heading or a table word: half-width, lower case, punctuation runs as one space. */
const comparable = (text: string): string =>
  halfWidth(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Whether `text` starts with `word` as a whole word (a word ending in a Latin letter must not run on). */
function startsWithWord(text: string, word: string): boolean {
  if (!text.startsWith(word)) return false;
  const next = text[word.length];
  return next === undefined || !/[a-z0-9]/.test(word.at(-1)!) || !/[a-z0-9]/.test(next);
}

/** A heading's parts: the text on each side of a ` / ` (a translation beside the original). */
const parts = (text: string): string[] =>
  halfWidth(text)
    .split(/[/|]/)
    .map((p) => p.trim())
    .filter(Boolean);

const sectionWords = new Map<SectionName, string[]>();
for (const v of VOCABULARIES) {
  for (const [name, words] of Object.entries(v.sections) as [SectionName, string[]][]) {
    sectionWords.set(name, [...(sectionWords.get(name) ?? []), ...words.map(comparable)]);
  }
}
// Longest first, so 答案与解析 is tried before 答案 (it does not matter for the answer, only for clarity).
for (const words of sectionWords.values()) words.sort((a, b) => b.length - a.length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const chapterPatterns = VOCABULARIES.flatMap((v) => {
  const numerals = [...(v.numerals ?? [])].map((word, i) => ({ word, value: i + 1 })).sort((a, b) => b.word.length - a.word.length);
  return v.chapter.map((pattern) => {
    const [before, after] = pattern.split("{n}").map((s) => escape(halfWidth(s)).replace(/\s+/g, "\\s*"));
    const number = ["\\d+", ...numerals.map((n) => escape(n.word))].join("|");
    return { re: new RegExp(`^${before}\\s*(${number})\\s*${after}`, "iu"), numerals };
  });
});

const exerciseWords = VOCABULARIES.flatMap((v) => v.exercise)
  .map((w) => escape(halfWidth(w)))
  .sort((a, b) => b.length - a.length);
const EXERCISE_ID = new RegExp(`^(${exerciseWords.join("|")})?\\s*(\\d+)\\s*\\.\\s*(\\d+)(?!\\d)(.*)$`, "iu");

const typeWords = EXERCISE_TYPES.map((type) => ({
  type,
  words: VOCABULARIES.flatMap((v) => v.exerciseTypes[type].map(comparable)),
}));

const answerLabels = VOCABULARIES.flatMap((v) => v.answer)
  .map((w) => escape(halfWidth(w)))
  .sort((a, b) => b.length - a.length);
const ANSWER_LABEL = new RegExp(`^(?:${answerLabels.join("|")})\\s*[:：]?\\s*`, "iu");

export interface ExerciseHeading {
  id: string;
  chapter: number;
  /** What follows the number, without brackets: the type as written. */
  typeText: string;
  /** Undefined when the type is missing or unknown. */
  type?: ExerciseType;
}

/** The exercise an `Exercise N.K (type)` / `练习 N.K（type）` / `N.K` heading names, if any. */
export function exerciseHeading(text: string): ExerciseHeading | undefined {
  const m = EXERCISE_ID.exec(halfWidth(text).trim());
  if (!m) return undefined;
  const named = m[1] !== undefined;
  const typeText = m[4]!
    .replace(/[()[\]【】]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const candidates = typeText.split(/[/|,、·]/).map(comparable);
  const type = typeWords.find((t) => candidates.some((c) => t.words.some((w) => startsWithWord(c, w))))?.type;
  // Without the word, `1.2 Key concepts` is a numbered section, not an exercise; a bare `1.2` is an answer key entry.
  if (!named && typeText && !type) return undefined;
  return { id: `${m[2]}.${m[3]}`, chapter: Number(m[2]), typeText, ...(type ? { type } : {}) };
}

/** Whether a heading is the `name` section in any language (an exercise heading never is). */
export function isSection(text: string, name: SectionName): boolean {
  if (exerciseHeading(text)) return false;
  const words = sectionWords.get(name)!;
  return parts(text).some((p) => {
    // Numbered sections (`1.2 Key Concepts`) are their section.
    const c = comparable(p).replace(/^(?:\d+ )+/, "");
    return words.some((w) => startsWithWord(c, w));
  });
}

/** The chapter number of a `Chapter N` / `第N章` / `第一章` heading, if it is one. */
export function chapterNumber(text: string): number | undefined {
  for (const p of parts(text)) {
    for (const { re, numerals } of chapterPatterns) {
      const m = re.exec(p);
      if (m) return /^\d+$/.test(m[1]!) ? Number(m[1]) : numerals.find((n) => n.word === m[1])!.value;
    }
  }
  return undefined;
}

/** An answer line without its emphasis and `Answer:` / `答案：` label: what the key says the answer is. */
export function answerText(line: string): string {
  return halfWidth(line)
    .replace(/[*_]{2,}/g, "")
    .replace(/^\s*(?:[-*+]\s+)?/, "")
    .replace(ANSWER_LABEL, "")
    .trim();
}

/** How a heading is spelled in each language, for findings: `### Objectives` (or `### 学习目标`). */
export function spellings(name: SectionName, level: number): string {
  const [first, ...rest] = VOCABULARIES.map((v) => `\`${"#".repeat(level)} ${v.sections[name][0]}\``);
  return rest.length ? `${first} (or ${rest.join(", ")})` : first!;
}

/** An exercise type's canonical name in each language: `Multiple choice` (or `单项选择题`). */
export function typeSpellings(type: ExerciseType): string {
  const [first, ...rest] = VOCABULARIES.map((v) => v.exerciseTypes[type][0]!);
  return rest.length ? `${first} (or ${rest.join(", ")})` : first!;
}

/** The canonical (first language's) name of a section or exercise type. */
export const canonicalSection = (name: SectionName): string => VOCABULARIES[0]!.sections[name][0]!;
export const canonicalType = (type: ExerciseType): string => VOCABULARIES[0]!.exerciseTypes[type][0]!;
