// One normaliser and one comparison of answers, for the blind answer check (./answer-check.ts) and
// for grading (src/learning/key-grading.ts). Lenient on the form, strict on the content:
// what a reader would not call a different answer is taken away (case, spacing, punctuation,
// full-width forms, Markdown and TeX markup, a leading `x =` or "the answer is", a trailing です),
// TeX is read as plain math (`\frac{8}{3}` is `8/3`, `x^{5}` is `x^5`, as are `x**5` and `x⁵`), and
// two answers that state the same number agree (`2÷5`, `2/5`, `0.4`; `7 cm` and `7`); never by
// substring (`17` is not `7`).
import { splitVariants } from "./answer-key";
import { trimChars } from "../lib/trim-chars";
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
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A word of a script written with spaces must be followed by a space; 答えは and 选 need none. */
const SPACED_END = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\p{Script=Greek}]$/u;

/**
 * Spaces before a word, matched from the first of a run only (as an optional group where they may be
 * absent): an expression that starts again at each space scans a long run again from each.
 */
const SPACES_BEFORE = "(?<!\\s)\\s+";

const all = (pick: (v: LessonVocabulary) => readonly string[] | undefined) =>
  [...new Set(VOCABULARIES.flatMap((v) => pick(v) ?? []))].sort((a, b) => b.length - a.length);
/** Words matched in a normalized answer, case-folded as it is (Turkish `yanıt` is `yanit` there). */
const folded = (pick: (v: LessonVocabulary) => readonly string[] | undefined) => all((v) => pick(v)?.map(foldCase));
const wordsBefore = (words: string[]) =>
  new RegExp(`^(?:${words.map((w) => `${escape(w)}${SPACED_END.test(w) ? "(?:\\s*[:=]\\s*|\\s+)" : "\\s*[:=]?\\s*"}`).join("|")})(?=\\S)`, "u");
const LEADS = wordsBefore(folded((v) => v.answerLeads));
// Matched after punctuation is gone: l'essentiel is "l essentiel" by then.
const ARTICLES_BEFORE = folded((v) => v.articles?.map((a) => a.replace(/'$/, "")))
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
function normalizeAnswer(text: string, language?: LessonVocabulary): string {
  return readAnswer(text, language).spaced;
}

/** An answer in the form normalizeAnswer gives, and the article it began with, lower case ("" for none: "der" of "der Hund"). */
function readAnswer(text: string, language?: LessonVocabulary): { spaced: string; article: string } {
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
function withoutSpaces(spaced: string): string {
  return spaced.replace(/(?<=\d) (?=\d)(?!\d{3}(?!\d))/g, "_").replace(/ /g, "");
}

/** Units a number may carry or leave out; one letter alone counts only after a space (`5 s`, not `5n`). */
const UNITS = new Set(
  "mm cm dm m km in ft yd mi mg g kg t lb oz ms s min h d ml l cl dl m^2 m^3 cm^2 cm^3 km^2 mm^2 n kn j kj w kw v mv a ma ω ohm pa kpa hz khz mhz °c °f ° k mol rad m/s km/h m/s^2 kb mb gb bit byte bytes".split(
    " ",
  ),
);

export interface Quantity {
  value: number;
  /** Lower case (`KM` is km), but a unit whose case names another unit as typed (`CASED_UNITS`: `M`, `MA`). */
  unit: string;
}

/**
 * Units another case of a known unit names (SI prefixes M and m, bytes B and bits b): molar M (not metres) and
 * millimolar mM, Mm, Mg, Ms, MA, MV, siemens S and mS, gauss G, tesla T, henry H, millihertz mHz (not MHz), kilo-,
 * mega- and gigabytes kB (or KB), MB, GB (kb, Mb, gb… are bits). Typed so, each is itself and compares with nothing
 * else (the model grader reads it); any other case of a unit is the unit (`KM`, `Kg`, `MHZ`, `ma` for mA), since no
 * unit is spelled so.
 */
const CASED_UNITS = new Map([..."M mM Mm Mg Ms MA MV S mS G T H mHz kB MB GB".split(" ").map((u) => [u, u] as const), ["KB", "kB"]]);

/** The unit as typed, when its case names another unit: the answer's last letters, if they are the unit (`5 \mathrm{MA}.`). */
const casedUnit = (text: string, unit: string): string | undefined => {
  const typed = halfWidth(text)
    .match(/\p{L}+/gu)
    ?.at(-1);
  return typed !== undefined && foldCase(typed) === unit ? CASED_UNITS.get(typed) : undefined;
};

/**
 * The units of one dimension, each by its size in that dimension's first unit: "5 m" and "500 cm" state the
 * same length. Units outside these (temperatures, whose scales do not start at one zero; data, whose kilo is
 * 1000 or 1024) compare only with themselves.
 */
const DIMENSIONS: ReadonlyArray<Readonly<Record<string, number>>> = [
  { m: 1, mm: 1e-3, cm: 1e-2, dm: 0.1, km: 1e3, in: 0.0254, ft: 0.3048, yd: 0.9144, mi: 1609.344 },
  { kg: 1, mg: 1e-6, g: 1e-3, t: 1e3, lb: 0.45359237, oz: 0.028349523125 },
  { s: 1, ms: 1e-3, min: 60, h: 3600, d: 86400 },
  { l: 1, ml: 1e-3, cl: 1e-2, dl: 0.1, "cm^3": 1e-3, "m^3": 1e3 },
  { "m^2": 1, "mm^2": 1e-6, "cm^2": 1e-4, "km^2": 1e6 },
  { "m/s": 1, "km/h": 1 / 3.6 },
  { j: 1, kj: 1e3 },
  { w: 1, kw: 1e3 },
  { v: 1, mv: 1e-3 },
  { a: 1, ma: 1e-3 },
  { pa: 1, kpa: 1e3 },
  { hz: 1, khz: 1e3, mhz: 1e6 },
];

/** The two quantities in one unit, or undefined when their units cannot be compared (a unit left out takes the other's). */
function inOneUnit(x: Quantity, y: Quantity): [number, number] | undefined {
  if (!x.unit || !y.unit || x.unit === y.unit) return [x.value, y.value];
  const dimension = DIMENSIONS.find((d) => Object.hasOwn(d, x.unit) && Object.hasOwn(d, y.unit));
  return dimension && [x.value * dimension[x.unit]!, y.value * dimension[y.unit]!];
}

/**
 * Whether two quantities are the same amount: true or false when their units compare (the same, one left
 * out, or one dimension's), undefined when they do not ("5 kg" against "5 °F" is for a grader who reads it).
 */
export function sameQuantity(x: Quantity, y: Quantity): boolean | undefined {
  const values = inOneUnit(x, y);
  return values && Math.abs(values[0] - values[1]) <= 1e-9 * Math.max(1, Math.abs(values[1]));
}

/** The number an answer states, with its unit: "0.5", "1/2", "½", "50%", "7 cm", "seven" (in the lesson's language). */
export function quantity(text: string, language?: LessonVocabulary): Quantity | undefined {
  const spaced = normalizeAnswer(text, language);
  const t = withoutSpaces(spaced);
  const word = [language, VOCABULARIES[0]].flatMap((v) => v?.numbers.findIndex((n) => foldCase(n) === t) ?? -1).find((n) => n >= 0);
  if (word !== undefined) return { value: word, unit: "" };
  const mixed = /^(-?)(\d+)\+(\d+)\/(\d+)/.exec(t);
  const m = mixed ? { numerator: mixed[3]!, denominator: mixed[4], percent: "", rest: t.slice(mixed[0].length) } : leadingNumber(t);
  if (!m) return undefined;
  const unit = m.rest;
  // A letter alone is a unit only after a space; a sign (`°`) is one anyway. (Only a known unit goes into an expression.)
  if (unit && !(UNITS.has(unit) && (unit.length > 1 || !/\p{L}/u.test(unit) || new RegExp(`\\d ${escape(unit)}$`).test(spaced)))) return undefined;
  const denominator = m.denominator === undefined ? 1 : Number(m.denominator);
  if (denominator === 0) return undefined;
  const fraction = Number(m.numerator) / denominator / (m.percent ? 100 : 1);
  // A mixed number's sign is the whole's: -3 1/2 is -3.5.
  const value = mixed ? (mixed[1] ? -1 : 1) * (Number(mixed[2]) + fraction) : fraction;
  return { value, unit: (unit && casedUnit(text, unit)) || unit };
}

/**
 * The number a compact answer (one line: normalizeAnswer made every space and line break one space)
 * starts with, as a decimal, a fraction or a percentage, and the rest: "1/2cm" is 1, 2, "" and "cm".
 */
export function leadingNumber(compact: string): { numerator: string; denominator?: string; percent: string; rest: string } | undefined {
  // The rest is sliced off, not matched by `(.*)$`: where that failed (at a line break) each shorter reading of the digits was tried.
  const m = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(?:\/(-?\d+(?:\.\d+)?))?(%?)/.exec(compact);
  return m ? { numerator: m[1]!, denominator: m[2], percent: m[3]!, rest: compact.slice(m[0].length) } : undefined;
}

/** Whether two answers say the same thing after normalization, or state the same amount (a unit left out, or another of its dimension). */
export function sameAnswer(given: string, expected: string, language?: LessonVocabulary): boolean {
  const x = readAnswer(given, language);
  const y = readAnswer(expected, language);
  const a = withoutSpaces(x.spaced);
  const b = withoutSpaces(y.spaced);
  if (a === "" || b === "") return false;
  const p = quantity(given, language);
  const q = quantity(expected, language);
  // An article left out says nothing, another says something else: "la problema" is not "el problema". So does a unit's case
  // that names another unit: "5 M" (molar) is not "5 m".
  if (a === b) return (!x.article || !y.article || x.article === y.article) && (!p || !q || p.unit === q.unit);
  return p !== undefined && q !== undefined && sameQuantity(p, q) === true;
}

/**
 * Whether an answer is an amount `text` writes in the same form, in one to three of its words: "5 m" in
 * `5 m = ____ cm`, "6/8" in "Simplify $\frac{6}{8}$", "0.75" in "Write 0.75 as a fraction".
 */
export function writtenIn(text: string, answer: string, language?: LessonVocabulary): boolean {
  const typed = compactAnswer(answer, language);
  const said = normalizeAnswer(text, language).split(" ");
  return quantity(answer, language) !== undefined && said.some((_, i) => [1, 2, 3].some((n) => said.slice(i, i + n).join("") === typed));
}

/**
 * Whether an answer states `amount` when its separators are read as English reads them, in a lesson whose language
 * reads them otherwise (`1,000` is one in German, a thousand in English): a learner may write numbers either way.
 */
export function amountInEnglish(text: string, amount: Quantity, language?: LessonVocabulary): boolean {
  const english = language?.decimalComma ? quantity(text, VOCABULARIES[0]) : undefined;
  return english !== undefined && sameQuantity(english, amount) === true;
}

/** Splits at each word of `words`: after a run of spaces in a script written with them, anywhere in one without. */
const joinedBy = (words: readonly string[]) =>
  words.map((w) => (SPACED_END.test(w) ? `${SPACES_BEFORE}${escape(w)}\\s+` : `(?:${SPACES_BEFORE})?${escape(w)}\\s*`)).join("|");

const PART_BREAKS = "[,;，；、]";
/**
 * Where a several-blank answer's parts meet, per language: punctuation, or its "and" or English's (not after a separator,
 * whose spaces were its own). With a decimal comma, a comma between digits is the number's (`1,5; 2,5` is two parts).
 */
const blankSeparators = new Map(
  VOCABULARIES.map((v) => {
    const words = [...new Set([...v.and, ...VOCABULARIES[0]!.and])].sort((a, b) => b.length - a.length);
    const breaks = v.decimalComma ? "[;；，、]|,(?!\\d)|(?<!\\d)," : PART_BREAKS;
    return [v, new RegExp(`${breaks}|(?<!${PART_BREAKS})(?:${joinedBy(words)})`, "u")];
  }),
);

/** The separator of a several-blank answer's parts in `language` (English's without one). */
export function blankSeparator(language?: LessonVocabulary): RegExp {
  return blankSeparators.get(language ?? VOCABULARIES[0]!)!;
}

const OR_WORDS = all((v) => v.or);
const ALTERNATIVES = new RegExp(`${SPACES_BEFORE}/\\s+|${joinedBy(OR_WORDS)}`, "u");

/** A word of two or more letters that is not a function's name: what an explanation or an alternative is written in ("x", "cos" are math). */
const WORD = "(?!(?:sin|cos|tan|cot|sec|csc|log|ln|exp|lim|sqrt|max|min)(?!\\p{L}))\\p{L}{2}";
const A_WORD = new RegExp(WORD, "u");
/**
 * Where a key's answer ends and its explanation begins: an em dash, or an en dash, a hyphen or a parenthesis
 * before words ("2h – twice the step", "Paris (the city on the Seine)"), or a full-width parenthesis. Before
 * math it is the answer's own: `2x - 3`, `a (b + c)`. Spaces are matched from the first of a run only, as in SPACES_BEFORE.
 */
const EXPLAINED = new RegExp(`(?<!\\s)\\s+(?:—\\s+|[–-]\\s+(?=${WORD})|\\((?=\\s*${WORD}))|（`, "u");

/**
 * The forms a key's answer allows: the whole line, the part before a dash or a parenthesis that
 * explains it ("2h — twice the step"), and its ` / ` or "or" alternatives ("derivative / 导数", "0.5 or 50 %").
 * Alternatives are words or amounts: `x / 2`, `km / h` and `a o b` are one answer each; and two different
 * amounts are every solution ("x = 2 or x = −2"), not two ways to say one: neither alone is the answer.
 */
export function keyVariants(answer: string, language?: LessonVocabulary): string[] {
  const head = answer.split(EXPLAINED)[0]!;
  const alternatives = splitVariants(head, ALTERNATIVES);
  const amounts = alternatives.map((v) => quantity(v, language));
  const ways =
    alternatives.length === 1 ||
    (amounts.every((x, i) => x || A_WORD.test(alternatives[i]!)) && !amounts.some((x) => x && amounts[0] && sameQuantity(x, amounts[0]) === false));
  return [answer, head, ...(ways ? alternatives : [])];
}

/** Whether an answer is one the key allows: any form of its answer or any accepted variant. */
export function matchesKey(given: string, key: { text: string; accepted: readonly string[] }, language?: LessonVocabulary): boolean {
  return [...keyVariants(key.text, language), ...key.accepted].some((v) => sameAnswer(given, v, language));
}

/**
 * The letter an answer chooses, read from the letter itself ("b", "(B)", "the answer is B", "选B") or from an option's text ("8/3" for `$\frac{8}{3}$`).
 * A letter typed on a Cyrillic, Greek or Arabic keyboard counts once nothing else does: "В" is B to a Russian learner
 * who copies the option's letter, though it is another code point, and "ب" is B to an Arabic one.
 */
export function chosenLetter(options: ReadonlyArray<{ letter: string; text: string }>, answer: string, language?: LessonVocabulary): string | undefined {
  const latin = answer.replace(LOOKALIKE_LETTER, (c) => LATIN[LOOKALIKES.indexOf(c)]!);
  // "B and C" or "A, B" hedges; it chooses one only when it is an option's own text ("A and B").
  if (namesSeveral(latin) && !options.some((o) => sameAnswer(answer, o.text, language))) return undefined;
  return letterOf(options, answer, language) ?? letterOf(options, latin, language);
}

/** Words that may stand between and before letters that only list them: each language's and, or, and the words before a choice. */
const LISTING_WORDS = new Set(all((v) => [...v.and, ...v.or, ...v.choiceLeads, ...v.answerLeads, ...(v.articles ?? [])]).flatMap(words));

/** A text's words, lower case; an elided word keeps its apostrophe, so "c'est" (or c’est) is not the letter c. */
function words(text: string): string[] {
  return foldCase(halfWidth(text))
    .replace(/’/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => trimChars(w, "'"))
    .filter(Boolean);
}

/** An article right before a lone letter ("é a B", "la B"): it is the article, not the letter A. */
const ARTICLE_BEFORE_LETTER = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${ARTICLES_BEFORE})\\s+(?=[a-d](?![\\p{L}\\p{N}]))`, "gu");

/** Whether an answer names two or more option letters and nothing else but the words that list them ("b or c", "option b and c"). */
function namesSeveral(answer: string): boolean {
  const said = words(foldCase(answer).replace(ARTICLE_BEFORE_LETTER, ""));
  const letters = new Set(said.filter((w) => /^[a-d]$/.test(w)));
  return letters.size > 1 && said.every((w) => /^[a-d]$/.test(w) || LISTING_WORDS.has(w));
}

/**
 * Letters of other alphabets that a learner types for A–D, and the letter each is (in LATIN): Cyrillic А, В, С (the same
 * shapes; not Б, Г, Д, whose place in their alphabet and shape disagree), Greek α, β, γ, δ (the same letters) and Arabic
 * أ (or ا, إ), ب, ج, د, the abjad order Arabic uses to letter lists and options (not the alphabet's أ ب ت ث).
 */
const LOOKALIKES = "АВСавсΑΒΓΔαβγδاأإبجد";
const LATIN = "ABCABCABCDABCDAAABCD";
/**
 * What a learner may write before the letter they choose ("option b", "i think it's b"), normalized as an answer
 * is, and taken away only where a lone letter a–d follows.
 */
const CHOICE_LEADS = new RegExp(
  `^(?:${[...new Set(all((v) => v.choiceLeads).map((w) => normalizeAnswer(w)))]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|")})\\s*(?:(?:${ARTICLES_BEFORE})\\s+)?(?=[a-d](?:$|[ .)]))`,
  "u",
);

/** One of them standing alone (a word's letter is the word's). */
const LOOKALIKE_LETTER = new RegExp(`(?<!\\p{L})[${LOOKALIKES}](?!\\p{L})`, "gu");

/**
 * An answer without the marks a keyboard makes hard to type: Latin accents (`cancion`, `Muller`), Arabic vowel marks,
 * tatweel and hamza seats (`اثنان` and `إثنان`), Cyrillic ё as е. Cyrillic й, Japanese dakuten and Hangul stay: they are
 * other letters.
 */
const unmarked = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, "$1")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/([еЕ])\u0308/g, "$1")
    .normalize("NFC");

/** The one option whose text the answer is once neither has such marks; none when two options differ only by them (`el`, `él`). */
function onlyOptionUnmarked<O extends { text: string }>(options: readonly O[], answer: string, language?: LessonVocabulary): O | undefined {
  const bare = unmarked(answer);
  const matching = options.filter((o) => sameAnswer(bare, unmarked(o.text), language));
  return matching.length === 1 ? matching[0] : undefined;
}

function letterOf(options: ReadonlyArray<{ letter: string; text: string }>, answer: string, language?: LessonVocabulary): string | undefined {
  const text = normalizeAnswer(answer).replace(CHOICE_LEADS, "");
  // "b", "b)", "b option text": the letter leads.
  // Not the first letter of an elided word: "d'après moi B" does not choose D.
  const lead = /^[a-d]['’]\p{L}/iu.test(answer.trim()) ? null : /^([a-d])(?:$|[ .)])/.exec(text);
  if (lead) return lead[1]!.toUpperCase();
  // An option written as typed before one that states the same amount ("0.5" is B's text, though A's 1/2 is 0.5 too).
  const typed = compactAnswer(answer, language);
  const byText =
    options.find((o) => compactAnswer(o.text, language) === typed && sameAnswer(answer, o.text, language)) ??
    options.find((o) => sameAnswer(answer, o.text, language)) ??
    onlyOptionUnmarked(options, answer, language);
  if (byText) return byText.letter;
  // "答案是 B" with a lead the vocabulary does not know: one letter and no other Latin text.
  const letters = [...text.matchAll(/(?<![a-z])([a-d])(?![a-z])/g)].map((m) => m[1]!);
  if (letters.length === 1 && !/[a-z]/.test(text.replace(letters[0]!, ""))) return letters[0]!.toUpperCase();
  return undefined;
}
