// The form in which answers are compared (./answer-match.ts), lenient on the form: what a reader would not call
// a different answer is taken away (case, spacing, punctuation, full-width forms, Markdown and TeX markup, a leading
// `x =` or "the answer is", a trailing です), TeX is read as plain math (`\frac{8}{3}` is `8/3`, `x^{5}` is `x^5`, as
// are `x**5` and `x⁵`), and numbers are read as the lesson's language writes them (`0,4` is 0.4 in German).
import { foldCase, halfWidth, VOCABULARIES, type LessonVocabulary } from "./vocabulary";

/**
 * Punctuation that never changes an answer's meaning (ASCII, CJK, Arabic). Minus, `+`, `^`, `/`, `=`, `%` and brackets
 * stay, and so do `!` and `#` after a number, a bracket or an answer's first and only letter: `5!`, `(n-1)!` and `n!` are
 * factorials, `C#` a language ("f at a!" is excited).
 */
const NOISE = /(?<![\p{N})]|^\p{L})[!#]|["',:;?@`~¡¿…·、。，；：！？「」『』《》〈〉【】“”‘’«»„\\_$،؛؟]/gu;
const SUPERSCRIPTS = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g;
/** A span in italics, `*estar*`, as an option may be written; `5*x` and `2 * 3` are products. Each `*` opens at most one try. */
const ITALIC = /(?<![\p{L}\p{N})\]*])\*(?!\s)([^*]*?)(?<!\s)\*(?![\p{L}\p{N}(*])/gu;
export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A word of a script written with spaces must be followed by a space; 答えは and 选 need none. */
export const SPACED_END = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\p{Script=Greek}]$/u;

/**
 * Spaces before a word, matched from the first of a run only (as an optional group where they may be
 * absent): an expression that starts again at each space scans a long run again from each.
 */
export const SPACES_BEFORE = "(?<!\\s)\\s+";

/** Every vocabulary's words of one kind, longest first (an alternation of them tries the longest). */
export const all = (pick: (v: LessonVocabulary) => readonly string[] | undefined) =>
  [...new Set(VOCABULARIES.flatMap((v) => pick(v) ?? []))].sort((a, b) => b.length - a.length);
/** Words matched in a normalized answer, case-folded as it is (Turkish `yanıt` is `yanit` there). */
const folded = (pick: (v: LessonVocabulary) => readonly string[] | undefined) => all((v) => pick(v)?.map(foldCase));
const wordsBefore = (words: string[]) =>
  new RegExp(`^(?:${words.map((w) => `${escape(w)}${SPACED_END.test(w) ? "(?:\\s*[:=]\\s*|\\s+)" : "\\s*[:=]?\\s*"}`).join("|")})(?=\\S)`, "u");
const LEADS = wordsBefore(folded((v) => v.answerLeads));
// Matched after punctuation is gone: l'essentiel is "l essentiel" by then.
export const ARTICLES_BEFORE = folded((v) => v.articles?.map((a) => a.replace(/'$/, "")))
  .map(escape)
  .join("|");
const ARTICLES = new RegExp(`^(?:${ARTICLES_BEFORE})\\s+(?=\\S)`, "u");
/** A trailing です, है, 입니다: the answer is said without it. */
export const TAILS = new RegExp(
  `(?:${SPACES_BEFORE})?(?:${folded((v) => v.answerTails)
    .map(escape)
    .join("|")})\\s*[。.!]?$`,
  "u",
);
/** A leading `x =`, `L =`, `f'(x) =`, `P(A|B) =` or bare `=`. */
const ASSIGNMENT = /^(?:[\p{L}][\p{L}\p{N}_'′]{0,3}(?:\([^()=]*\))?\s*)?=\s*(?=\S)/u;

/** A TeX group's content as one factor: `n-1` becomes `(n-1)`, `5`, `-1`, `\\pi` and `sqrt(2)` stay. */
const factor = (x: string) => (/^-?\\?[\p{L}\p{N}.]+(?:\([^()]*\))?$/u.test(x.trim()) ? x.trim() : `(${x.trim()})`);

/** TeX as plain math: `\frac{a}{b}` → a/b, `x^{n-1}` → x^(n-1), `\sqrt{x}` → sqrt(x), `\cdot` → *, `\pi` → π. */
export function plainTex(text: string): string {
  let s = text
    .replace(/\\(?:left|right|displaystyle|quad|qquad|[,;!])/g, " ")
    .replace(/\\[dt]frac/g, "\\frac")
    .replace(/\\frac\s*(\d)\s*(\d)/g, "$1/$2")
    .replace(/\\(?:cdot|times)/g, "*")
    .replace(/\\(?:text|mathrm|mathbf|mathit|operatorname)\s*\{([^{}]*)\}/g, "$1");
  for (let before = ""; before !== s;) {
    before = s;
    s = s
      .replace(/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => `${factor(a)}/${factor(b)}`)
      .replace(/\\sqrt\s*\{([^{}]*)\}/g, "sqrt($1)")
      .replace(/([\^_])\s*\{([^{}]*)\}/g, (_, op: string, a: string) => `${op}${factor(a)}`);
  }
  // The spaces before \circ are matched from the first of a run only, as in SPACES_BEFORE.
  return s
    .replace(/\\pi\b/g, "π")
    .replace(/\\infty\b/g, "∞")
    .replace(/\^?(?<!\s)\s*\\circ\b/g, "°")
    .replace(/\\%/g, "%")
    .replace(/\\([a-zA-Z]+)/g, "$1")
    .replace(/[{}]/g, "");
}

/** The form in which answers are compared, with spaces between words; numbers are read as the lesson's language writes them. */
export function normalizeAnswer(text: string, language?: LessonVocabulary): string {
  return readAnswer(text, language).spaced;
}

/** An answer in the form normalizeAnswer gives, and the article it began with, lower case ("" for none: "der" of "der Hund"). */
export function readAnswer(text: string, language?: LessonVocabulary): { spaced: string; article: string } {
  // `3½` is a mixed number: spaced before NFKC makes the ½ 1⁄2, or it would read as 31/2.
  let s = foldCase(halfWidth(text.replace(SUPERSCRIPTS, (sup) => `^${sup}`).replace(VULGAR_AFTER_DIGIT, " ")));
  s = s
    // A phone's apostrophe is the keyboard's: c’est is c'est, which a lead names.
    .replace(/’/g, "'")
    .replace(/[−–—‐‑]/g, "-")
    .replace(/÷/g, "/")
    .replace(/[×⋅∙]/g, "*")
    .replace(/⁄/g, "/")
    // The Arabic decimal and thousands separators: ٠٫٤ is 0.4, ١٬٠٠٠ is 1,000.
    .replace(/٫/g, ".")
    .replace(/٬/g, ",")
    // Turkish writes the percent sign first: %50 is 50%.
    .replace(/(?<![\p{L}\p{N})\]])%(\d+(?:[.,]\d+)?)/gu, "$1%")
    // Python's power `x**5`; bold `**B**` has no operand on both sides.
    .replace(/(?<=[\p{L}\p{N})\]])\*\*(?=[\p{L}\p{N}(-])/gu, "^")
    // The ways to type π and a root without their signs: `2pi` is 2π, `sqrt(2)` is √2 (both read as sqrt(…)).
    .replace(/(?<![\p{L}\\])pi(?!\p{L})/gu, "π")
    .replace(/√\s*\(([^()]*)\)|√\s*([\p{L}\p{N}.]+)/gu, (_, group?: string, bare?: string) => `sqrt(${group ?? bare})`);
  s = plainTex(s)
    .replace(ITALIC, "$1")
    .replace(/\*\*|__/g, " ")
    .replace(/[$`]/g, " ")
    .trim();
  for (let before = ""; before !== s;) {
    before = s;
    s = s.replace(LEADS, "").replace(ASSIGNMENT, "").replace(TAILS, "").trim();
  }
  // A pair or an interval, `(2, 3)`, `[0,1)`: its brackets say which, and its separator is no decimal point (`;` where
  // there is one, for `(2,5; 3)` in a language with a decimal comma).
  const pair = /^[([][^()[\]]*[)\]]$/.test(s) && /[,;]/.test(s);
  if (pair) s = s.replace(s.includes(";") ? /;/g : /,/g, " ; ");
  s = decimalCommas(s, language)
    // A mixed number, `3 1/2`, is marked as one sum (`3+1/2`): without its space it would read as 31/2.
    .replace(MIXED_NUMBER, "$1+$2")
    // An explicit product between a number or letter and a letter or bracket says nothing: 5*x^4 is 5x^4.
    .replace(/(?<=[\p{L}\p{N})])\s*\*\s*(?=[\p{L}(])|(?<=[\p{L})])\s*\*\s*(?=[\p{N}])/gu, "")
    // A period is noise unless it is a decimal point ("0.5", ".5").
    .replace(/\.(?!\d)/g, " ")
    .replace(NOISE, " ")
    .replace(/\s+/g, " ")
    .trim();
  const article = ARTICLES.exec(s)?.[0] ?? "";
  s = s.slice(article.length);
  return { spaced: pair ? s : unbracketed(s), article: article.trim() };
}

/** An answer without brackets around the whole of it, which say nothing: "(B)" is B, "[ x^2 ]" is x^2. */
export function unbracketed(s: string): string {
  // The content trimmed after the match: a lazy content between two `\s*` tried each split of a run of spaces.
  return s.replace(/^[([{]([^()[\]{}]*)[)\]}]$/, (_, content: string) => content.trim());
}

/**
 * Numbers with `.` as their decimal point and no thousands separator. As English writes them (and without a
 * language): `0,4` and `3,14` are decimals, `1,000` a thousand and `1,00,000` a lakh (a leading `0,` is always a decimal). With a decimal
 * comma (German, Spanish…): every comma is the decimal point (`2,500` is 2.5), and a dot before three digits groups
 * thousands (`1.000`, `1.234,5`) unless it follows a lone 0 (`0.500` is a half); any other dot stays a decimal point.
 */
function decimalCommas(s: string, language?: LessonVocabulary): string {
  const ungrouped = language?.decimalComma
    ? s.replace(/(?<=[1-9]|\d\d)\.(?=\d{3}(?!\d))/g, "")
    : s
        .replace(/(?<![\d.,])0,(?=\d)/g, "0.")
        .replace(INDIAN_GROUPS, (n) => n.replaceAll(",", ""))
        .replace(/(?<=\d),(?=\d{3}(?!\d))/g, "");
  return ungrouped.replace(/(?<=\d),(?=\d)/g, ".");
}

/** A number grouped as India writes it (1,00,000 is a lakh), from the start of its digits only, so each run is read once. */
const INDIAN_GROUPS = /(?<![\d,])\d{1,2}(?:,\d\d)+,\d{3}(?!\d)/g;

/** A vulgar fraction (½, ¾, ⅜…) right after a digit, where a space goes. */
const VULGAR_AFTER_DIGIT = /(?<=\d)(?=[\u00bc-\u00be\u2150-\u215e])/g;
/** A whole number, one space, a fraction: its digits start where no number does, and the fraction's end where none goes on. */
const MIXED_NUMBER = /(?<![\d./])(\d+) (\d+\/\d+)(?![\d./])/g;

/** The compact form: no spaces at all ("x ^ 2 + 1" and "x^2+1", "导 数" and "导数" agree). */
export function compactAnswer(text: string, language?: LessonVocabulary): string {
  return withoutSpaces(normalizeAnswer(text, language));
}

/**
 * A normalized answer without its spaces, except one between two numbers that is not a thousands gap
 * (`1 000`): that one stays as `_` (which normalization took out of every answer), so `4 5` (two blanks'
 * `4, 5`) is not `45`.
 */
export function withoutSpaces(spaced: string): string {
  return spaced.replace(/(?<=\d) (?=\d)(?!\d{3}(?!\d))/g, "_").replace(/ /g, "");
}
