// Whether a Markdown document is a lesson, in any language, known or not: by its headings in a
// language of the vocabulary, or by its structure alone — exercise headings numbered `N.K`, options
// A–D, a blank, an answer list. save_document validates every document that looks like a lesson, so
// a lesson in a language the validator cannot read is never saved as final unchecked.
import { outline, type Outline } from "./outline";
import { chapterNumber, exerciseHeading, halfWidth, isSection } from "./vocabulary";

/** An option line, half-width: `- A. …`, `A) …`, `(A) …`, `**A.** …`, `- A、…`, `- a. …`. Its match ends on the option text's first character. */
export const MC_OPTION = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?\(?([A-Da-d])(?:[.):、]|\*\*[.):、]?)(?:\*\*|__)?\s*\S/;
/** An option line's letter and text (half-width), if it is one. */
export function optionOf(line: string): { letter: string; text: string } | undefined {
  const half = halfWidth(line);
  const m = MC_OPTION.exec(half);
  return m ? { letter: m[1]!.toUpperCase(), text: half.slice(m[0].length - 1).trim() } : undefined;
}

/** A blank, half-width: four or more underscores (`____`, `＿＿＿＿`), or empty brackets `（ ）`. */
export const BLANK = /(?:\\?_){4,}|\(\s*\)/;
/** A line of underscores alone is a thematic break, not a blank. */
const RULE = /^\s*(?:_\s*){3,}$/;
// In these, each run of spaces is read by one `\s*` or `\s+` (two in a row split a long run every way there is,
// in time in the square or cube of its length).
/** `N.K` with at most four words before it: `#### Zoezi 1.1 (…)`, `### 1.1`. */
export const NUMBERED = /^\s*(?:[^\d\s]+\s+){0,3}(?:[^\d\s]+\s*)?(\d+)\s*\.\s*(\d+)(?!\d)/u;
/** An answer list line: `1.1: B`, `- 1.2 — C`, `**2.3** 5x^4`. */
export const ANSWER_LINE = /^\s*(?:[-*+]\s+)?(?:(?:\*\*|__)\s*)?(\d+)\s*\.\s*(\d+)\s*(?:(?:\*\*|__)\s*)?[:)\-–—=]\s*\S/;

/** What makes a document lesson-shaped whatever its language: each signal described with where it is. */
export function lessonSignals(doc: Outline): string[] {
  const signals: string[] = [];
  const numbered = doc.headings.filter((h) => h.level >= 2 && NUMBERED.test(halfWidth(h.text)));
  const ids = numbered.map((h) => NUMBERED.exec(halfWidth(h.text))!.slice(1, 3).join("."));
  if (numbered.length >= 2) signals.push(`${numbered.length} headings numbered N.K (such as "${"#".repeat(numbered[0]!.level)} ${numbered[0]!.raw}")`);

  const text = doc.lines.map((l, i) => (doc.inCode[i] ? "" : halfWidth(l)));
  const options = text.findIndex((_, i) => optionBlock(text, i));
  if (options >= 0) signals.push(`options A–D (line ${options + 1})`);
  const blank = text.findIndex((l) => BLANK.test(l) && !RULE.test(l));
  if (blank >= 0) signals.push(`a blank ____ (line ${blank + 1})`);
  const answerLines = text.filter((l) => ANSWER_LINE.test(l)).length;
  const answered = ids.filter((id, i) => ids.indexOf(id) !== i).length;
  if (answerLines >= 2 || answered >= 2) signals.push("an answer list (exercise numbers given a second time with their answers)");
  return signals;
}

/** Whether lines from `i` on are options A, B, C, D (blank lines between allowed). */
function optionBlock(lines: string[], i: number): boolean {
  const letters = lines
    .slice(i, i + 8)
    .filter((l) => l.trim() !== "")
    .slice(0, 4)
    .map((l) => MC_OPTION.exec(l)?.[1]?.toUpperCase());
  return letters.join("") === "ABCD";
}

/** Whether a heading is one a lesson has, in a language of the vocabulary. */
export function isLessonHeading(doc: Outline): boolean {
  return doc.headings.some(
    (h) =>
      chapterNumber(h.text) !== undefined ||
      (h.level >= 2 && isSection(h.text, "answerKey")) ||
      (h.level >= 3 && (["objectives", "keyConcepts", "exercises"] as const).some((s) => isSection(h.text, s))) ||
      (h.level >= 3 && exerciseHeading(h.text)?.type !== undefined),
  );
}

/** Whether save_document should treat a Markdown document as a lesson (and validate it), in any language. */
export function looksLikeLesson(markdown: string): boolean {
  const doc = outline(markdown);
  return isLessonHeading(doc) || lessonSignals(doc).length >= 2;
}
