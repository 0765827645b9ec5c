// True/false answers. A true/false question is a fill-in (multiple choice has four options A–D), its key a truth
// word of the lesson's language or English (`Verdadero`, `falsch`, `正确`: each vocabulary's `truth`). An answer that
// is a truth word alone, in either language (its case, punctuation and "the answer is" aside, as every answer is
// read), states the key's truth value or the other one, so the key settles it: `F` for `Falso` is right, for
// `Verdadero` wrong. A lone letter (`V`, `F`) counts in an answer only: a key `V` may be the Roman five. An answer
// with more words (`Falso, porque…`) is the model grader's, who reads whether the rest takes its first word back;
// a word the two languages read as different values is no truth word.
import { keyVariants } from "./answer-match";
import { compactAnswer } from "./answer-normal-form";
import { VOCABULARIES, type LessonVocabulary } from "./vocabulary";

/** Per lesson language: the truth words of it and English, in compact form, each with its value (undefined: both). */
const readings = new Map<LessonVocabulary | undefined, Map<string, boolean | undefined>>();

function truthWords(language: LessonVocabulary | undefined): Map<string, boolean | undefined> {
  let words = readings.get(language);
  if (words) return words;
  words = new Map();
  for (const v of new Set([language ?? VOCABULARIES[0]!, VOCABULARIES[0]!]))
    for (const value of [true, false])
      for (const word of v.truth[`${value}`]) {
        const compact = compactAnswer(word, v);
        words.set(compact, words.has(compact) && words.get(compact) !== value ? undefined : value);
      }
  readings.set(language, words);
  return words;
}

/** A cased alphabet's lone letter (`v`, `đ`): an abbreviation. */
const isLetter = (compact: string) => /^\p{L}$/u.test(compact) && compact.toUpperCase() !== compact;

/** The truth value a text states alone; undefined for none (and for a lone letter in a key). */
function truthOf(text: string, language: LessonVocabulary | undefined, inKey: boolean): boolean | undefined {
  const compact = compactAnswer(text, language);
  return inKey && isLetter(compact) ? undefined : truthWords(language).get(compact);
}

/**
 * Whether an answer states the truth value of a key whose answer, alternatives and Accepted variants state one (and
 * no other): true or false; undefined when the key or the answer is no truth word.
 */
export function sameTruth(answer: string, key: { text: string; accepted: readonly string[] }, language?: LessonVocabulary): boolean | undefined {
  const given = truthOf(answer, language, false);
  const values = new Set([...keyVariants(key.text, language), ...key.accepted].map((v) => truthOf(v, language, true)));
  values.delete(undefined);
  return given === undefined || values.size !== 1 ? undefined : values.has(given);
}
