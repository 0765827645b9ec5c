// One normaliser and one comparison of answers, for the blind answer check (./answer-check.ts) and
// for grading (src/learning/key-grading.ts). Lenient on the form, strict on the content:
// what a reader would not call a different answer is taken away (case, spacing, punctuation,
// full-width forms, Markdown and TeX markup, a leading `x =` or "the answer is", a trailing です),
// TeX is read as plain math (`\frac{8}{3}` is `8/3`, `x^{5}` is `x^5`, as are `x**5` and `x⁵`), and
// two answers that state the same number agree (`2÷5`, `2/5`, `0.4`; `7 cm` and `7`); never by
// substring (`17` is not `7`).
import { splitVariants } from "./answer-key";
import { foldCase, halfWidth, VOCABULARIES, type LessonVocabulary } from "./vocabulary";

/** Punctuation that never changes an answer's meaning (ASCII, CJK, Arabic). Minus, `+`, `^`, `/`, `=`, `%` and brackets stay. */
const NOISE = /[!"#',:;?@`~¡¿…·、。，；：！？「」『』《》〈〉【】“”‘’«»„\\_$،؛؟]/g;
const SUPERSCRIPTS = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g;
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

/** A TeX group's content as one factor: `n-1` becomes `(n-1)`, `5` and `\\pi` stay. */
const factor = (x: string) => (/^\\?[\p{L}\p{N}.]+$/u.test(x.trim()) ? x.trim() : `(${x.trim()})`);

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
  // `3½` is a mixed number: spaced before NFKC makes the ½ 1⁄2, or it would read as 31/2.
  let s = foldCase(halfWidth(text.replace(SUPERSCRIPTS, (sup) => `^${sup}`).replace(VULGAR_AFTER_DIGIT, " ")));
  s = s
    .replace(/[−–—]/g, "-")
    .replace(/÷/g, "/")
    .replace(/[×⋅∙]/g, "*")
    .replace(/⁄/g, "/")
    // The Arabic decimal separator: ٠٫٤ is 0.4.
    .replace(/٫/g, ".")
    // Python's power `x**5`; bold `**B**` has no operand on both sides.
    .replace(/(?<=[\p{L}\p{N})\]])\*\*(?=[\p{L}\p{N}(-])/gu, "^")
    // The ways to type π and a root without their signs: `2pi` is 2π, `sqrt(2)` is √2 (both read as sqrt(…)).
    .replace(/(?<![\p{L}\\])pi(?!\p{L})/gu, "π")
    .replace(/√\s*\(([^()]*)\)|√\s*([\p{L}\p{N}.]+)/gu, (_, group?: string, bare?: string) => `sqrt(${group ?? bare})`);
  s = plainTex(s)
    .replace(/\*\*|__/g, " ")
    .replace(/[$`]/g, " ")
    .trim();
  for (let before = ""; before !== s;) {
    before = s;
    s = s.replace(LEADS, "").replace(ASSIGNMENT, "").replace(TAILS, "").trim();
  }
  s = decimalCommas(s, language)
    // A mixed number, `3 1/2`, is marked as one sum (`3+1/2`): without its space it would read as 31/2.
    .replace(MIXED_NUMBER, "$1+$2")
    // An explicit product between a number or letter and a letter or bracket says nothing: 5*x^4 is 5x^4.
    .replace(/(?<=[\p{L}\p{N})])\s*\*\s*(?=[\p{L}(])|(?<=[\p{L})])\s*\*\s*(?=[\p{N}])/gu, "")
    // A period is noise unless it is a decimal point ("0.5", ".5").
    .replace(/\.(?!\d)/g, " ")
    .replace(NOISE, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(ARTICLES, "");
  return unbracketed(s);
}

/** An answer without brackets around the whole of it, which say nothing: "(B)" is B, "[ x^2 ]" is x^2. */
export function unbracketed(s: string): string {
  // The content trimmed after the match: a lazy content between two `\s*` tried each split of a run of spaces.
  return s.replace(/^[([{]([^()[\]{}]*)[)\]}]$/, (_, content: string) => content.trim());
}

/**
 * Numbers with `.` as their decimal point and no thousands separator. As English writes them (and without a
 * language): `0,4` and `3,14` are decimals, `1,000` a thousand (a leading `0,` is always a decimal). With a decimal
 * comma (German, Spanish…): every comma is the decimal point (`2,500` is 2.5), and a dot before three digits groups
 * thousands (`1.000`, `1.234,5`) unless it follows a lone 0 (`0.500` is a half); any other dot stays a decimal point.
 */
function decimalCommas(s: string, language?: LessonVocabulary): string {
  const ungrouped = language?.decimalComma
    ? s.replace(/(?<=[1-9]|\d\d)\.(?=\d{3}(?!\d))/g, "")
    : s.replace(/(?<![\d.,])0,(?=\d)/g, "0.").replace(/(?<=\d),(?=\d{3}(?!\d))/g, "");
  return ungrouped.replace(/(?<=\d),(?=\d)/g, ".");
}

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
  unit: string;
}

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
  const afterSpace = new RegExp(`\\d ${escape(unit)}$`).test(spaced);
  // A letter alone is a unit only after a space; a sign (`°`) is one anyway.
  if (unit && !(UNITS.has(unit) && (unit.length > 1 || afterSpace || !/\p{L}/u.test(unit)))) return undefined;
  const denominator = m.denominator === undefined ? 1 : Number(m.denominator);
  if (denominator === 0) return undefined;
  const fraction = Number(m.numerator) / denominator / (m.percent ? 100 : 1);
  // A mixed number's sign is the whole's: -3 1/2 is -3.5.
  const value = mixed ? (mixed[1] ? -1 : 1) * (Number(mixed[2]) + fraction) : fraction;
  return { value, unit };
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
  const a = compactAnswer(given, language);
  const b = compactAnswer(expected, language);
  if (a === "" || b === "") return false;
  if (a === b) return true;
  const x = quantity(given, language);
  const y = quantity(expected, language);
  return x !== undefined && y !== undefined && sameQuantity(x, y) === true;
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
/** Where a several-blank answer's parts meet, per language: punctuation, or its "and" or English's (not after a separator, whose spaces were its own). */
const blankSeparators = new Map(
  VOCABULARIES.map((v) => {
    const words = [...new Set([...v.and, ...VOCABULARIES[0]!.and])].sort((a, b) => b.length - a.length);
    return [v, new RegExp(`${PART_BREAKS}|(?<!${PART_BREAKS})(?:${joinedBy(words)})`, "u")];
  }),
);

/** The separator of a several-blank answer's parts in `language` (English's without one). */
export function blankSeparator(language?: LessonVocabulary): RegExp {
  return blankSeparators.get(language ?? VOCABULARIES[0]!)!;
}

const OR_WORDS = all((v) => v.or);
const ALTERNATIVES = new RegExp(`${SPACES_BEFORE}/\\s+|${joinedBy(OR_WORDS)}`, "u");

/**
 * The forms a key's answer allows: the whole line, the part before a dash or a parenthesis that
 * explains it ("2h — twice the step"), and its ` / ` or "or" alternatives ("derivative / 导数").
 */
export function keyVariants(answer: string): string[] {
  // Spaces are matched from the first of a run only, as in SPACES_BEFORE.
  const head = answer.split(/(?<!\s)\s+[—–-]\s+|(?<!\s)\s+\(|（/)[0]!;
  return [answer, head, ...splitVariants(head, ALTERNATIVES)];
}

/** Whether an answer is one the key allows: any form of its answer or any accepted variant. */
export function matchesKey(given: string, key: { text: string; accepted: readonly string[] }, language?: LessonVocabulary): boolean {
  return [...keyVariants(key.text), ...key.accepted].some((v) => sameAnswer(given, v, language));
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
const LISTING_WORDS = new Set(
  all((v) => [...v.and, ...v.or, ...v.choiceLeads, ...v.answerLeads, ...(v.articles ?? [])]).flatMap((w) => foldCase(halfWidth(w)).split(/[^\p{L}\p{N}]+/u)),
);

/** Whether an answer names two or more option letters and nothing else but the words that list them ("b or c", "option b and c"). */
function namesSeveral(answer: string): boolean {
  const words = foldCase(halfWidth(answer))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const letters = new Set(words.filter((w) => /^[a-d]$/.test(w)));
  return letters.size > 1 && words.every((w) => /^[a-d]$/.test(w) || LISTING_WORDS.has(w));
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
  const lead = /^([a-d])(?:$|[ .)])/.exec(text);
  if (lead) return lead[1]!.toUpperCase();
  const byText = options.find((o) => sameAnswer(answer, o.text, language)) ?? onlyOptionUnmarked(options, answer, language);
  if (byText) return byText.letter;
  // "答案是 B" with a lead the vocabulary does not know: one letter and no other Latin text.
  const letters = [...text.matchAll(/(?<![a-z])([a-d])(?![a-z])/g)].map((m) => m[1]!);
  if (letters.length === 1 && !/[a-z]/.test(text.replace(letters[0]!, ""))) return letters[0]!.toUpperCase();
  return undefined;
}
