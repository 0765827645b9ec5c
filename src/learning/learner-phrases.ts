// The words a learner reads around a lesson's exercises, in the lesson's language: the answer key's feedback
// (key-grading.ts) and the chat quiz (chat-quiz.ts); and /review's and /progress's own lines, in the language
// of the person who asked. A Spanish lesson's learner read "Not quite: the answer is B." and "Question 1 of 5"
// in English. English is built in; the other languages of the lesson vocabularies are a static asset
// (public/i18n/learner-phrases.json), read as src/lib/phrase-book.ts reads every book, because fifteen
// languages of phrases would take most of what is left of the Worker bundle's 400 KiB budget (BENCHMARKS.md,
// issue 29). A language without phrases, or an asset that cannot be read, is answered in English.
import { phraseBook } from "../lib/phrase-book";

/** One language's phrases, in English; {name} marks where a value goes. */
export const ENGLISH_PHRASES = {
  correct: "Correct.",
  notQuite: "Not quite.",
  partly: "Partly right.",
  /** A multiple choice answered with another letter: {chosen}, {expected}. */
  chose: "Not quite: you chose {chosen}; the answer is {expected}.",
  /** A multiple choice answered with no letter: {expected}. */
  answerIs: "The answer is {expected}.",
  /** A fill-in answer that is wrong: {expected}. */
  wrong: "Not quite: the answer is {expected}.",
  /** Some of several blanks right: {right}, {total}, {expected}. */
  blanks: "{right} of {total} blanks are right; the answer is {expected}.",
  /** The label before the key's answer. */
  expected: "Expected:",
  // The chat quiz.
  /** Under a delivered lesson, with the quizMe button. */
  offer: "Ready to check what you learned? I will ask the lesson's exercises one at a time.",
  quizMe: "Quiz me",
  next: "Next question",
  /** {n}, {total}, {id}, {type} (the exercise type's name in the lesson's vocabulary). */
  question: "Question {n} of {total} (exercise {id}, {type}):",
  reply: "Reply with your answer.",
  noExercises: "That lesson has no exercises I can check.",
  lastOne: "That was the last one.",
  lastOfReview: "That was the last one of the review.",
  /** {correct}, {answered}, {due}. */
  soFar: "So far: {correct} of {answered} answers right; {due} due for review (/review).",
  /** {concepts}. */
  worthALook: "Worth another look: {concepts}.",
  /** {id}, {lesson}. */
  gone: "Exercise {id} of {lesson} is gone.",
  couldNotGrade: "I could not grade that answer just now. Try again, or press Next.",
  emptyAnswer: "Your answer is empty: please type it.",
  /** {max}. */
  answerTooLong: "Your answer is too long: I can take at most {max} characters. Please send a shorter one.",
  // A course's lesson as delivered to a chat, in the lesson's language. {topic}, {n}, {total}, {title}.
  courseLessonOf: "{topic} — lesson {n} of {total}: {title}",
  /** Before the course's syllabus is known: {topic}, {n}, {title}. */
  courseLesson: "{topic} — lesson {n}: {title}",
  // Reviews and progress, in the chat's language (no one lesson's).
  nothingDue: "Nothing is due for review right now. Well done! Ask me for a lesson, or /quiz to go on.",
  dueOne: "1 exercise is due for review.",
  /** {n}. */
  dueMany: "{n} exercises are due for review.",
  progressNone: "No answers yet. Ask me for a lesson (/lesson <topic>), then take its quiz (/quiz).",
  /** {answers} (answerOne or answerMany), {correct}, {percent}. */
  progressAnswers: "Your progress: {answers}, {correct} correct ({percent} %).",
  /** {answers}, {days} (dayOne or dayMany). */
  progressWeek: "This week: {answers}; streak {days}.",
  /** {due}, {ahead}, {days}, {review} (reviewHint when some are due, else nothing). */
  progressReviews: "Reviews: {due} due now, {ahead} in the coming {days}{review}.",
  reviewHint: " (/review)",
  answerOne: "1 answer",
  /** {n}. */
  answerMany: "{n} answers",
  dayOne: "1 day",
  /** {n}. */
  dayMany: "{n} days",
};

export type LearnerPhrases = typeof ENGLISH_PHRASES;

/** The phrases of a language (a vocabulary's tag, or a person's), English for none or an unknown one. */
export const learnerPhrases = phraseBook("i18n/learner-phrases.json", ENGLISH_PHRASES);

/** A feedback with its leading verdict words taken off ("Correct.", "Not quite:"), for a line that shows the verdict itself. */
export function withoutVerdictWords(feedback: string, phrases: LearnerPhrases): string {
  const notQuite = phrases.wrong.slice(0, phrases.wrong.search(/[:：]/) + 1);
  for (const lead of [phrases.correct, notQuite]) if (lead && feedback.startsWith(lead)) return feedback.slice(lead.length).trimStart();
  return feedback;
}
