// Grading without a model: multiple choice and fill in the blank are checked against the answer
// key. Lenient on the form (normalize-answer.ts), strict on the content: a multiple-choice answer
// may be the letter in any dress ("b", "(B)", "Ｂ", "选B") or the option's text; a fill-in answer may
// be the key's answer or any accepted variant; with several blanks each counts for its share.
import { BLANK } from "../lessons/validator";
import { halfWidth } from "../lessons/vocabulary";
import { splitVariants, type AnswerKey, type Exercise } from "../lessons/exercises";
import type { Grade } from "./graded-answer";
import { normalizeAnswer, sameAnswer } from "./normalize-answer";

export function gradeMultipleChoice(exercise: Exercise, key: AnswerKey, answer: string): Grade {
  const expectedLetter = keyLetter(key.answer);
  const option = exercise.options?.find((o) => o.letter === expectedLetter);
  const expected = option ? `${option.letter}. ${option.text}` : key.answer;
  const chosen = chosenLetter(exercise, answer);
  const correct = chosen !== undefined && chosen === expectedLetter;
  return {
    verdict: correct ? "correct" : "incorrect",
    score: correct ? 1 : 0,
    feedback: feedback(correct ? "Correct." : chosen ? `Not quite: you chose ${chosen}; the answer is ${expected}.` : `The answer is ${expected}.`, key),
    expected,
  };
}

export function gradeFillIn(exercise: Exercise, key: AnswerKey, answer: string): Grade {
  const variants = [...keyVariants(key.answer), ...key.accepted];
  const expected = key.answer;
  if (variants.some((v) => sameAnswer(answer, v))) return { verdict: "correct", score: 1, feedback: feedback("Correct.", key), expected };
  // Several blanks: each part of the answer against the same part of the key.
  const blanks = (halfWidth(exercise.question).match(new RegExp(BLANK.source, "g")) ?? []).length;
  if (blanks >= 2) {
    const parts = splitVariants(key.answer, BLANK_SEPARATOR);
    const given = splitVariants(answer, BLANK_SEPARATOR);
    if (parts.length === blanks) {
      const right = parts.filter((p, i) => given[i] !== undefined && sameAnswer(given[i]!, p)).length;
      const score = right / parts.length;
      if (right === parts.length) return { verdict: "correct", score: 1, feedback: feedback("Correct.", key), expected };
      if (right > 0)
        return { verdict: "partial", score, feedback: feedback(`${right} of ${parts.length} blanks are right; the answer is ${expected}.`, key), expected };
    }
  }
  return { verdict: "incorrect", score: 0, feedback: feedback(`Not quite: the answer is ${expected}.`, key), expected };
}

/** How the parts of a several-blank answer are separated. */
const BLANK_SEPARATOR = /\s*[,;，；、]\s*|\s+and\s+/;

/** The key's correct letter: the first standalone A–D of its answer line. */
function keyLetter(answer: string): string | undefined {
  return /(?<![A-Za-z])([A-D])(?![A-Za-z])/.exec(answer.normalize("NFKC"))?.[1];
}

/** The letter a learner chose, read from the letter itself or from the option's text. */
function chosenLetter(exercise: Exercise, answer: string): string | undefined {
  const text = normalizeAnswer(answer);
  // "b", "b)", "b option text": the letter leads.
  const lead = /^([a-d])(?:$|[ .)])/.exec(text);
  if (lead) return lead[1]!.toUpperCase();
  const byText = exercise.options?.find((o) => sameAnswer(answer, o.text));
  if (byText) return byText.letter;
  // "选B", "答案是 B": one letter and no other Latin text.
  const letters = [...text.matchAll(/(?<![a-z])([a-d])(?![a-z])/g)].map((m) => m[1]!);
  if (letters.length === 1 && !/[a-z]/.test(text.replace(letters[0]!, ""))) return letters[0]!.toUpperCase();
  return undefined;
}

/**
 * The forms a key's fill-in answer allows: the whole line, the part before a dash or a parenthesis
 * that explains it ("2h — twice the step"), and ` / ` or ` or ` alternatives ("derivative / 导数").
 */
function keyVariants(answer: string): string[] {
  const head = answer.split(/\s+[—–-]\s+|\s+\(/)[0]!;
  return [answer, head, ...splitVariants(head, /\s+\/\s+|\s+or\s+|\s+或\s*/)];
}

function feedback(verdict: string, key: AnswerKey): string {
  return key.explanation ? `${verdict} ${key.explanation}` : verdict;
}
