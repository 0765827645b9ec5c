// Grading without a model: multiple choice and fill in the blank are checked against the answer
// key with the one comparison the blind answer check uses too (src/lessons/answer-match.ts).
// Lenient on the form, strict on the content: a multiple-choice answer may be the letter in any
// dress ("b", "(B)", "Ｂ", "选B", "the answer is B") or the option's text; a fill-in answer may be
// any form of the key's answer or an accepted variant, and a number is read with the words after its blank
// (blankAmount); with several blanks each counts for its share.
// A fill-in answer that matches none of them is not called wrong here: it may be right in words the
// key did not list, so grade-answer.ts asks the model grader (model-grading.ts) (`undefined` below).
import { answerLetter, splitVariants } from "../lessons/answer-key";
import { blankSeparator, chosenLetter, matchesKey, sameAnswer } from "../lessons/answer-match";
import { compactAnswer } from "../lessons/answer-normal-form";
import { amountInEnglish, leadingNumber, quantity, sameQuantity, writtenIn, type Quantity } from "../lessons/answer-quantity";
import type { AnswerKey, Exercise } from "../lessons/exercises";
import { BLANK } from "../lessons/lesson-shape";
import { sameTruth } from "../lessons/truth-words";
import { halfWidth, vocabularyOf, type LessonVocabulary } from "../lessons/vocabulary";
import { fill } from "../lib/phrase-book";
import type { LearnerPhrases } from "../lessons/learner-phrases";
import type { Grade } from "./graded-answer";

/** `phrases`: the words of the lesson's language (learner-phrases.ts). */
export function gradeMultipleChoice(exercise: Exercise, key: AnswerKey, answer: string, phrases: LearnerPhrases): Grade {
  const expectedLetter = answerLetter(key.answer);
  const option = exercise.options?.find((o) => o.letter === expectedLetter);
  const expected = option ? `${option.letter}. ${option.text}` : key.answer;
  const chosen = chosenLetter(exercise.options ?? [], answer, vocabularyOf(exercise.language));
  const correct = chosen !== undefined && chosen === expectedLetter;
  return {
    verdict: correct ? "correct" : "incorrect",
    score: correct ? 1 : 0,
    feedback: feedback(correct ? phrases.correct : fill(chosen ? phrases.chose : phrases.answerIs, { chosen: chosen ?? "", expected }), key),
    expected,
  };
}

/** The grade of a fill-in answer the key settles; undefined when it matches no form the key gives (the model grader decides). */
export function gradeFillIn(exercise: Exercise, key: AnswerKey, answer: string, phrases: LearnerPhrases): Grade | undefined {
  const language = vocabularyOf(exercise.language);
  const expected = key.answer;
  // A true/false answer (`F` for a key `Falso`) states the key's truth value or the other: settled either way.
  const truth = sameTruth(answer, { text: key.answer, accepted: key.accepted }, language);
  const sides = halfWidth(exercise.question).split(BLANK);
  const blanks = sides.length - 1;
  // The words after a lone blank: a bare number in the key takes the unit they start with (`____ km.`, key 5: 5 km, so
  // 5000 m is right and 5 m or 5 kg not), and an answer's number may repeat them ("25 %" for `el ____ % del grupo`).
  const after = blanks === 1 ? sides[1]! : "";
  const withUnit = `${key.answer} ${after}`;
  const text = quantity(withUnit, language)?.unit ? withUnit : key.answer;
  const stated = blankAmount(answer, after, language);
  const wanted = blankAmount(text, after, language);
  const same = stated && wanted && sameQuantity(stated, wanted);
  // An amount the question gives, typed back as it gives it ("5 m" for `5 m = ____ cm`, "6/8" for "Simplify 6/8"): the
  // key's amount, but not the work asked for, unless the key writes it so. The grader who reads the question decides.
  // So is a fraction the key writes in lowest terms, given in higher ones ("2/4" for 1/2): simplifying may be the exercise.
  const typed = compactAnswer(answer, language);
  const echoed =
    (writtenIn(exercise.question, answer, language) || (reduced(compactAnswer(text, language)) && reduced(typed) === false)) &&
    ![text, ...key.accepted].some((v) => compactAnswer(v, language) === typed);
  if (truth || (!echoed && (same || matchesKey(answer, { text, accepted: key.accepted }, language))))
    return { verdict: "correct", score: 1, feedback: feedback(phrases.correct, key), expected };
  // Several blanks: each part of the answer against the same part of the key.
  if (blanks >= 2) {
    const parts = blankParts(key.answer, language);
    const given = blankParts(answer, language);
    if (parts.length === blanks) {
      const right = parts.filter((p, i) => given[i] !== undefined && sameAnswer(given[i]!, p, language)).length;
      if (right === parts.length) return { verdict: "correct", score: 1, feedback: feedback(phrases.correct, key), expected };
      if (right > 0)
        return {
          verdict: "partial",
          score: right / parts.length,
          feedback: feedback(fill(phrases.blanks, { right, total: parts.length, expected }), key),
          expected,
        };
    }
  }
  // A number that is not the key's number, or no answer at all, is wrong in any words; a number in a unit that
  // does not compare with the key's ("5 kg" for "5 °F"), or that is the key's number as English writes it (`1,000`
  // for a German `1.000`), is left to the grader who reads it.
  // And a percentage whose sign one side leaves out ("50" for a key of 50 %, or "50 %" for a key of 50) is the grader's too.
  const wrongNumber =
    same === false && !amountInEnglish(answer, wanted!, language) && typed.replace("%", "") !== compactAnswer(text, language).replace("%", "");
  if (answer.trim() === "" || wrongNumber || truth === false)
    return { verdict: "incorrect", score: 0, feedback: feedback(fill(phrases.wrong, { expected }), key), expected };
  return undefined;
}

/** Whether a compact answer that is a fraction `a/b` is in lowest terms; undefined when it is no such fraction. */
function reduced(compact: string): boolean | undefined {
  const m = /^-?(\d+)\/(\d+)$/.exec(compact);
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  return m ? gcd(Number(m[1]), Number(m[2])) === 1 : undefined;
}

/**
 * The amount a fill-in answer (or key) states: a number followed only by the start of the words after the blank
 * (`after`) is that number alone ("7 см" for `____ см.`, "7个" for `____ 个苹果`, "25 %" for `el ____ % del grupo`).
 */
function blankAmount(text: string, after: string, language?: LessonVocabulary): Quantity | undefined {
  const own = quantity(text, language);
  const m = leadingNumber(compactAnswer(text, language));
  const repeated = !own?.unit && m && m.percent + m.rest;
  return repeated && compactAnswer(after, language).startsWith(repeated) ? { value: Number(m.numerator) / Number(m.denominator ?? 1), unit: "" } : own;
}

/** The parts of a several-blank answer, in order: "4, 5", "4；5", "4 and 5", "4 y 5" (in the lesson's language). */
export function blankParts(answer: string, language?: LessonVocabulary): string[] {
  // The pieces are trimmed, so spaces are matched only around "and", from the first of a run (not again from each)
  // and not after a separator, whose spaces were its own.
  return splitVariants(answer, blankSeparator(language));
}

function feedback(verdict: string, key: AnswerKey): string {
  return key.explanation ? `${verdict} ${key.explanation}` : verdict;
}
