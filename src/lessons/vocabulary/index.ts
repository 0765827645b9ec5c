// The lesson vocabularies of every language, compiled into the questions the validator asks of a
// heading: which section is it, which chapter, which exercise, and which label an answer key line
// has. A heading may mix languages and put a translation on either side of a slash
// (`### Summary / 小结`, `### Objetivos / Objectives`); a heading of any known language counts as
// its section in a lesson of any other. Matching ignores case, punctuation, accents and Arabic vowel
// marks; full-width forms and other scripts' digits count as their ASCII forms.
import { arabic } from "./ar";
import { german } from "./de";
import { english } from "./en";
import { spanish } from "./es";
import { french } from "./fr";
import { hindi } from "./hi";
import { indonesian } from "./id";
import { italian } from "./it";
import { japanese } from "./ja";
import { korean } from "./ko";
import { portuguese } from "./pt";
import { russian } from "./ru";
import { turkish } from "./tr";
import type { ExerciseType, KeyLabel, LessonVocabulary, SectionName } from "./types";
import { vietnamese } from "./vi";
import { chinese } from "./zh";
import { languageTag } from "../../lib/phrase-book";

export type { ExerciseType, KeyLabel, LessonVocabulary, SectionName } from "./types";
// How the lesson check writes a heading, a type or a label in the lesson's language.
export * from "./spelling";

/** Every language the validator reads; the first one's words are the canonical spellings. */
export const VOCABULARIES: readonly LessonVocabulary[] = [
  english,
  chinese,
  spanish,
  french,
  german,
  portuguese,
  italian,
  russian,
  japanese,
  korean,
  arabic,
  hindi,
  vietnamese,
  indonesian,
  turkish,
];

export const EXERCISE_TYPES: readonly ExerciseType[] = ["multiple_choice", "fill_in", "short_answer", "practice"];
export const KEY_LABELS: readonly KeyLabel[] = ["answer", "accepted", "explanation", "concepts"];
const SECTION_NAMES = Object.keys(english.sections) as SectionName[];

/** The vocabulary of a language tag ("pt-BR" is pt); undefined for a language without one. */
export const vocabularyOf = (language: string | undefined): LessonVocabulary | undefined => VOCABULARIES.find((v) => v.language === languageTag(language));

/** Arabic-Indic (٠–٩), Persian (۰–۹) and Devanagari (०–९) digits. */
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;
const digitValue = (d: string): string => {
  const c = d.charCodeAt(0);
  return String(c >= 0x966 ? c - 0x966 : c >= 0x6f0 ? c - 0x6f0 : c - 0x660);
};

/** Full-width forms as ASCII (（）．：＿　 → ().:_ and a space), other scripts' digits as 0–9; same length per digit. */
export const halfWidth = (text: string): string => text.normalize("NFKC").replace(OTHER_DIGITS, digitValue);

/**
 * Lower case in which Turkish İ, I, ı and i are one letter and German ß is ss (`İzmir` = `IZMIR` = `izmir`, `Straße` =
 * `STRASSE`): toLowerCase alone makes İ an i with a combining dot above and keeps ı and ß.
 */
export const foldCase = (text: string): string =>
  text
    .toLowerCase()
    .replace(/i\u0307|ı/g, "i")
    .replace(/ß/g, "ss");

/**
 * The form in which words are compared: half-width, case-folded, without Latin accents (`Explicación`,
 * `explicacion`), Arabic vowel marks, tatweel or hamza seats, with Vietnamese đ as d.
 */
const fold = (text: string): string =>
  foldCase(halfWidth(text))
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .normalize("NFC")
    .replace(/đ/g, "d")
    .replace(/[أإآ]/g, "ا");

/** The comparable form of a heading or a table word: folded, punctuation runs as one space. */
const comparable = (text: string): string =>
  fold(text)
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();

/** Whether two terms are the same words: `Power rule` and `power-rule`, `Explicación` and `explicacion`. */
export const sameWords = (a: string, b: string): boolean => comparable(a) !== "" && comparable(a) === comparable(b);

/** Scripts written without spaces between words: a word of theirs may run on into the next. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Whether `text` starts with `word` as a whole word (`Explicación` is not `Explica`; 练习题 starts with 练习). */
function startsWithWord(text: string, word: string): boolean {
  if (!text.startsWith(word)) return false;
  const next = text[word.length];
  return next === undefined || UNSPACED.test(word.at(-1)!) || !WORD_CHAR.test(next);
}

/** Whether `term` occurs in `text` as a whole word (never "ion" inside "Explication"); both folded. */
export function containsWord(text: string, term: string): boolean {
  const t = fold(text);
  const w = fold(term).trim();
  if (!w) return false;
  for (let at = t.indexOf(w); at !== -1; at = t.indexOf(w, at + 1)) {
    const before = t[at - 1];
    const after = t[at + w.length];
    const open = before === undefined || UNSPACED.test(w[0]!) || !WORD_CHAR.test(before);
    const close = after === undefined || UNSPACED.test(w.at(-1)!) || !WORD_CHAR.test(after);
    if (open && close) return true;
  }
  return false;
}

/** A heading's parts: the text on each side of a ` / ` (a translation beside the original). */
const parts = (text: string): string[] =>
  halfWidth(text)
    .split(/[/|]/)
    .map((p) => p.trim())
    .filter(Boolean);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const longestFirst = (a: string, b: string) => b.length - a.length;

/** Per language: each section's words in comparable form, longest first (答案与解析 before 答案). */
const compiledSections = new Map(
  VOCABULARIES.map((v) => [
    v,
    new Map((Object.entries(v.sections) as [SectionName, string[]][]).map(([name, words]) => [name, words.map(comparable).sort(longestFirst)] as const)),
  ]),
);

function chapterPatterns(v: LessonVocabulary) {
  const numerals = [...(v.numerals ?? [])].map((word, i) => ({ word, value: i + 1 })).sort((a, b) => b.word.length - a.word.length);
  const number = ["\\d+", ...numerals.map((n) => escape(n.word))].join("|");
  return v.chapter.map((pattern) => {
    // The words' own spaces at the number are left to the `\s*` beside it: two `\s*` in a row split a run of
    // spaces every way there is (in time in the square of the run).
    const [before, after] = pattern.split("{n}").map((s) => escape(fold(s).trim()).replace(/\s+/g, "\\s*"));
    // `Bài 1.2` and `Bài 12.3` are exercises, not chapters 1 and 12: the whole number is read, then refused before `.N`.
    return { re: new RegExp(`^${before}\\s*(${number})(?!\\d)${after ? `\\s*${after}` : ""}(?!\\s*\\.\\s*\\d)`, "u"), numerals };
  });
}
const compiledChapters = new Map(VOCABULARIES.map((v) => [v, chapterPatterns(v)]));

const exerciseWords = new Map(VOCABULARIES.map((v) => [v, new Set(v.exercise.map(comparable))]));
const typeWords = new Map(
  VOCABULARIES.map((v) => [v, EXERCISE_TYPES.map((type) => ({ type, words: v.exerciseTypes[type].map(comparable).sort(longestFirst) }))]),
);
const labelWords = KEY_LABELS.map((label) => ({ label, words: new Set(VOCABULARIES.flatMap((v) => v.labels[label].map(comparable))) }));

/**
 * `N.K` where a run of spaces or digits begins, so each run is tried once (a search from every digit of
 * a long number took time in its square).
 */
const NUMBER = /(?<!\s)\s*(?<!\d)(\d+)\s*\.\s*(\d+)(?!\d)/gu;
const LINE_BREAKS = ["\n", "\r", "\u2028", "\u2029"];

/**
 * The first `N.K` in a heading, half-width, and what surrounds it: the word before (if any) and the type
 * after, neither of which spans a line break (as /^(.*?)\s*(\d+)\s*\.\s*(\d+)(?!\d)(.*)$/u read it).
 */
export function numbered(text: string): { before: string; chapter: string; number: string; after: string } | undefined {
  const breaks = LINE_BREAKS.map((b) => text.indexOf(b)).filter((i) => i !== -1);
  const firstBreak = breaks.length ? Math.min(...breaks) : text.length;
  const lastBreak = Math.max(-1, ...LINE_BREAKS.map((b) => text.lastIndexOf(b)));
  NUMBER.lastIndex = 0;
  for (let m; (m = NUMBER.exec(text)) && m.index <= firstBreak; NUMBER.lastIndex = m.index + 1) {
    const end = m.index + m[0].length;
    if (end > lastBreak) return { before: text.slice(0, m.index), chapter: m[1]!, number: m[2]!, after: text.slice(end) };
  }
  return undefined;
}

export interface ExerciseHeading {
  id: string;
  chapter: number;
  /** What follows the number, without brackets: the type as written. */
  typeText: string;
  /** Undefined when the type is missing or unknown. */
  type?: ExerciseType;
  /** The language whose exercise word or type word the heading uses. */
  language?: LessonVocabulary;
}

/** The type a heading's type text names, in any language: `(填空题 / Fill in the blank)`. */
function typeOf(typeText: string): { type: ExerciseType; language: LessonVocabulary } | undefined {
  const candidates = typeText.split(/[/|,、·]/).map(comparable);
  for (const v of VOCABULARIES) {
    const hit = typeWords.get(v)!.find((t) => candidates.some((c) => t.words.some((w) => startsWithWord(c, w))));
    if (hit) return { type: hit.type, language: v };
  }
  return undefined;
}

/** The exercise an `Exercise N.K (type)` / `练习 N.K（type）` / `N.K` heading names, in any known language. */
export function exerciseHeading(text: string): ExerciseHeading | undefined {
  const whole = numberedExercise(halfWidth(text).trim());
  if (whole) return whole;
  // `Zoezi 1.1 / Exercise 1.1`: the translation is the exercise heading.
  const sides = slashSides(text);
  return sides.length > 1 ? sides.map((s) => numberedExercise(s.trim())).find(Boolean) : undefined;
}

/**
 * A heading's sides of a ` / ` (spaces on both sides), half-width. A match starts where a run of spaces
 * does, so each run is tried once (a search from each of its spaces took time in the square of a run).
 */
export const slashSides = (text: string): string[] => halfWidth(text).split(/(?<!\s)\s+\/\s+/);

function numberedExercise(text: string): ExerciseHeading | undefined {
  const m = numbered(text);
  if (!m) return undefined;
  const word = comparable(m.before);
  const wordLanguage = word ? VOCABULARIES.find((v) => exerciseWords.get(v)!.has(word)) : undefined;
  const typeText = m.after
    .replace(/[()[\]【】]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const typed = typeOf(typeText);
  // A word before the number that is no language's exercise word (`Chapter 1.2`) makes no exercise,
  // unless a known type follows it (`Zoezi 1.1 (Chaguo / Multiple choice)`, a language without a vocabulary).
  if (word && !wordLanguage && !(typed && word.split(" ").length <= 2)) return undefined;
  // Without the word, `1.2 Key concepts` is a numbered section, not an exercise; a bare `1.2` is an answer key entry.
  if (!word && typeText && !typed) return undefined;
  const language = wordLanguage ?? typed?.language;
  return {
    id: `${m.chapter}.${m.number}`,
    chapter: Number(m.chapter),
    typeText,
    ...(typed ? { type: typed.type } : {}),
    ...(language ? { language } : {}),
  };
}

/** The `N.K` of an Answer Key entry's heading, whatever word of whatever language is before it (`### Zoezi 1.1`). */
export function entryId(text: string): string | undefined {
  const known = exerciseHeading(text);
  if (known) return known.id;
  const m = numbered(halfWidth(text).trim());
  return m && comparable(m.before).split(" ").length <= 2 && !m.after.trim() ? `${m.chapter}.${m.number}` : undefined;
}

/** The languages in which a heading is the `name` section (an exercise heading never is). */
function sectionLanguages(text: string, name: SectionName): LessonVocabulary[] {
  if (exerciseHeading(text)) return [];
  const candidates = parts(text).map((p) => comparable(p).replace(/^(?:\d+ )+/, ""));
  return VOCABULARIES.filter((v) =>
    candidates.some((c) =>
      compiledSections
        .get(v)!
        .get(name)!
        .some((w) => startsWithWord(c, w)),
    ),
  );
}

/** Whether a heading is the `name` section in any language (numbered sections like `1.2 Key Concepts` too). */
export const isSection = (text: string, name: SectionName): boolean => sectionLanguages(text, name).length > 0;

/** The chapter number of a `Chapter N` / `第N章` / `Capítulo N` heading, if it is one. */
export function chapterNumber(text: string): number | undefined {
  return chapterHeading(text)?.number;
}

function chapterHeading(text: string): { number: number; language: LessonVocabulary } | undefined {
  for (const p of parts(text)) {
    const folded = fold(p);
    for (const v of VOCABULARIES) {
      for (const { re, numerals } of compiledChapters.get(v)!) {
        const m = re.exec(folded);
        if (m) return { number: /^\d+$/.test(m[1]!) ? Number(m[1]) : numerals.find((n) => n.word === m[1])!.value, language: v };
      }
    }
  }
  return undefined;
}

/** An answer key line's label (`**Answer:**`, `**Réponse :**`, `**答案：**`, `Respuesta / Answer:`) and the text after it. */
export function keyLine(line: string): { label?: KeyLabel; text: string } {
  const own = line.replace(/^\s*[-*+]\s+/, "");
  // Matched on the line as written (full-width colon included), so the text after it keeps its own characters (x⁴ stays x⁴).
  // The label ends on a non-space and each run of spaces is read by one `\s*` (split every way there is, a long run
  // took time in its square); a label of spaces alone never named a label.
  const m = /^\s*(?!\s)(?:\*\*|__)?([^*_:：\n]{0,59}?[^*_:：\s])\s*(?:(?:\*\*|__)\s*)?[:：]\s*(?:(?:\*\*|__)\s*)?/.exec(own);
  const named = m ? parts(m[1]!).map(comparable) : [];
  const label = labelWords.find((l) => named.some((n) => l.words.has(n)))?.label;
  const text = unbold(label ? own.slice(m![0].length) : own).trim();
  return label ? { label, text } : { text };
}

/** Text without its bold marks (`**B**` is B); a power `x**2` is no bold mark. */
const unbold = (text: string): string => withoutOuterMarks(withoutBoldSpans(text));

const isMark = (s: string): boolean => s === "**" || s === "__";

/** Whether a bold span of `mark` may close at `j`: after a non-space, before the end, a space or punctuation. */
const closesAt = (text: string, mark: string, j: number): boolean =>
  text.startsWith(mark, j) && j > 0 && /\S/.test(text[j - 1]!) && (j + 2 === text.length || /[\s.,;:!?)]/.test(text[j + 2]!));

/** For a growing `from`, the first index at or after it where `test` holds (`length` if none): one pass in all. */
function firstFrom(length: number, test: (i: number) => boolean): (from: number) => number {
  let at = 0;
  return (from) => {
    at = Math.max(at, from);
    while (at < length && !test(at)) at++;
    return at;
  };
}

/**
 * Each bold span as its text: a mark at the start or after a space, text that starts and ends on a non-space,
 * and the same mark (`closesAt`) in the same line; the shortest such text of two characters or more is taken,
 * else one of one. The closes are found in one pass: searching afresh from each of many marks that never
 * close took time in the square of the text.
 */
function withoutBoldSpans(text: string): string {
  const nextClose = { "**": firstFrom(text.length, (j) => closesAt(text, "**", j)), __: firstFrom(text.length, (j) => closesAt(text, "__", j)) };
  const nextBreak = firstFrom(text.length, (i) => LINE_BREAKS.includes(text[i]!));
  let out = "";
  let copied = 0;
  for (let p = 0; p < text.length; p++) {
    const open = p === 0 && isMark(text.slice(0, 2)) ? 0 : /\s/.test(text[p]!) && isMark(text.slice(p + 1, p + 3)) ? p + 1 : -1;
    const start = open + 2;
    if (open === -1 || start >= text.length || /\s/.test(text[start]!)) continue;
    const mark = text.slice(open, start) as keyof typeof nextClose;
    const longer = nextClose[mark](start + 2);
    const end = longer < nextBreak(start) ? longer : closesAt(text, mark, start + 1) ? start + 1 : -1;
    if (end === -1) continue;
    out += text.slice(copied, open) + text.slice(start, end);
    copied = end + 2;
    p = end + 1;
  }
  return out + text.slice(copied);
}

/** Without a bold mark (and the spaces after it) at the start, nor one (and the spaces before it) at the end. */
function withoutOuterMarks(text: string): string {
  const head = isMark(text.slice(0, 2)) ? text.slice(2).trimStart() : text;
  return isMark(head.slice(-2)) ? head.slice(0, -2).trimEnd() : head;
}

/** An answer line without its emphasis and `Answer:` / `答案：` label: what the key says the answer is. */
export const answerText = (line: string): string => keyLine(line).text;

/**
 * The language a lesson's headings are written in: the one most of its checked headings are in (a
 * heading's first part counts double, so `### Objetivos / Objectives` leans Spanish); undefined when
 * none is recognised.
 */
export function headingLanguage(headings: readonly string[]): LessonVocabulary | undefined {
  const score = new Map<LessonVocabulary, number>();
  const add = (v: LessonVocabulary | undefined, n: number) => v && score.set(v, (score.get(v) ?? 0) + n);
  for (const text of headings) {
    const [first, ...rest] = parts(text);
    for (const [part, weight] of [[first, 2], ...rest.map((r) => [r, 1] as const)] as const) {
      if (part === undefined) continue;
      add(exerciseHeading(part)?.language, weight);
      add(chapterHeading(part)?.language, weight);
      for (const name of SECTION_NAMES) for (const v of sectionLanguages(part, name)) add(v, weight);
    }
  }
  let best: LessonVocabulary | undefined;
  for (const v of VOCABULARIES) if ((score.get(v) ?? 0) > (best ? score.get(best)! : 0)) best = v;
  return best;
}

/** The canonical (English) name of an exercise type. */
export const canonicalType = (type: ExerciseType): string => english.exerciseTypes[type][0]!;
