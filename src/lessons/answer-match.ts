// One comparison of answers, for the blind answer check (./answer-check.ts) and for grading
// (src/learning/key-grading.ts). Lenient on the form, strict on the content: two answers agree when their
// normal forms are the same (./answer-normal-form.ts) or they state the same amount (./answer-quantity.ts:
// `2÷5`, `2/5`, `0.4`; `7 cm` and `7`); never by substring (`17` is not `7`). With it, the forms a key's answer
// allows and the option letter an answer chooses.
import { splitVariants } from "./answer-key";
import { all, ARTICLES_BEFORE, compactAnswer, escape, normalizeAnswer, readAnswer, SPACED_END, SPACES_BEFORE, withoutSpaces } from "./answer-normal-form";
import { quantity, sameQuantity } from "./answer-quantity";
import { trimChars } from "../lib/trim-chars";
import { foldCase, halfWidth, VOCABULARIES, type LessonVocabulary } from "./vocabulary";

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
