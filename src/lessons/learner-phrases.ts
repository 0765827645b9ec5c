// The words a learner reads around a lesson's exercises, in the lesson's language: the answer key's feedback
// (src/learning/key-grading.ts), the chat quiz (src/learning/chat-quiz.ts) and a deck card without a key
// (noKey, deck.ts); and /review's and /progress's own lines, in the language
// of the person who asked. A Spanish lesson's learner read "Not quite: the answer is B." and "Question 1 of 5"
// in English. Every language, English too (its `en` entry), is a static asset (public/i18n/learner-phrases.json),
// read as src/lib/phrase-book.ts reads every book, because fifteen languages of phrases would take most of what
// is left of the Worker bundle's 400 KiB budget (BENCHMARKS.md, issue 29). A language without phrases is
// answered in English. {name} marks where a value goes: in question, {type} is the exercise type's name in the
// lesson's vocabulary; in progressAnswers, {answers} is answerOne or answerMany; in progressWeek, {days} is
// dayOne or dayMany (and in nextDueIn); in progressReviews, {review} is reviewHint when some are due, else nothing.
import { phraseBook } from "../lib/phrase-book";

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type LearnerPhrases = (typeof import("../../public/i18n/learner-phrases.json"))["en"];

/** The phrases of a language (a vocabulary's tag, or a person's), English for none or an unknown one. */
export const learnerPhrases = phraseBook<LearnerPhrases>("i18n/learner-phrases.json");

/** A feedback with its leading verdict words taken off ("Correct.", "Not quite:"), for a line that shows the verdict itself. */
export function withoutVerdictWords(feedback: string, phrases: LearnerPhrases): string {
  const notQuite = phrases.wrong.slice(0, phrases.wrong.search(/[:：]/) + 1);
  for (const lead of [phrases.correct, notQuite]) if (lead && feedback.startsWith(lead)) return feedback.slice(lead.length).trimStart();
  return feedback;
}
