// The words a learner reads around a lesson's exercises, in the lesson's language: the answer key's feedback
// (key-grading.ts) and the chat quiz (chat-quiz.ts). A Spanish lesson's learner read "Not quite: the answer
// is B." and "Question 1 of 5" in English. English is built in; the other
// languages of the lesson vocabularies are a static asset (public/i18n/learner-phrases.json), read once per isolate
// through ASSETS as the skills are, because fifteen languages of phrases would take most of what is left of
// the Worker bundle's 400 KiB budget (BENCHMARKS.md, issue 29). A language without phrases, or an asset that
// cannot be read, is answered in English.
import * as z from "zod";

const phrase = z.string().min(1);

/** One language's phrases; {name} marks where a value goes. */
export const LearnerPhrasesSchema = z.strictObject({
  correct: phrase,
  notQuite: phrase,
  partly: phrase,
  /** A multiple choice answered with another letter: {chosen}, {expected}. */
  chose: phrase,
  /** A multiple choice answered with no letter: {expected}. */
  answerIs: phrase,
  /** A fill-in answer that is wrong: {expected}. */
  wrong: phrase,
  /** Some of several blanks right: {right}, {total}, {expected}. */
  blanks: phrase,
  /** The label before the key's answer. */
  expected: phrase,
  // The chat quiz.
  /** Under a delivered lesson, with the quizMe button. */
  offer: phrase,
  quizMe: phrase,
  next: phrase,
  /** {n}, {total}, {id}, {type} (the exercise type's name in the lesson's vocabulary). */
  question: phrase,
  reply: phrase,
  noExercises: phrase,
  lastOne: phrase,
  lastOfReview: phrase,
  /** {correct}, {answered}, {due}. */
  soFar: phrase,
  /** {concepts}. */
  worthALook: phrase,
  /** {id}, {lesson}. */
  gone: phrase,
});

export type LearnerPhrases = z.output<typeof LearnerPhrasesSchema>;

export const ENGLISH_PHRASES: LearnerPhrases = {
  correct: "Correct.",
  notQuite: "Not quite.",
  partly: "Partly right.",
  chose: "Not quite: you chose {chosen}; the answer is {expected}.",
  answerIs: "The answer is {expected}.",
  wrong: "Not quite: the answer is {expected}.",
  blanks: "{right} of {total} blanks are right; the answer is {expected}.",
  expected: "Expected:",
  offer: "Ready to check what you learned? I will ask the lesson's exercises one at a time.",
  quizMe: "Quiz me",
  next: "Next question",
  question: "Question {n} of {total} (exercise {id}, {type}):",
  reply: "Reply with your answer.",
  noExercises: "That lesson has no exercises I can check.",
  lastOne: "That was the last one.",
  lastOfReview: "That was the last one of the review.",
  soFar: "So far: {correct} of {answered} answers right; {due} due for review (/review).",
  worthALook: "Worth another look: {concepts}.",
  gone: "Exercise {id} of {lesson} is gone.",
};

/** The asset: phrases by language tag. */
export const LearnerPhraseTables = z.record(z.string(), LearnerPhrasesSchema);

/** Where the Worker's ASSETS binding serves the other languages' phrases. */
export const PHRASES_ASSET = "https://assets.local/i18n/learner-phrases.json";

type Assets = { fetch(input: string): Promise<Response> };

let tables: Promise<Record<string, LearnerPhrases>> | undefined;

/** The phrases of `language` (a vocabulary's tag; "pt-BR" is pt), English for none or an unknown one. */
export async function learnerPhrases(assets: Assets | undefined, language: string | undefined): Promise<LearnerPhrases> {
  const tag = language?.toLowerCase().split("-")[0];
  if (!tag || tag === "en" || !assets) return ENGLISH_PHRASES;
  tables ??= readTables(assets);
  try {
    return (await tables)[tag] ?? ENGLISH_PHRASES;
  } catch {
    // Read again next time: the grade goes out in English rather than not at all.
    tables = undefined;
    return ENGLISH_PHRASES;
  }
}

async function readTables(assets: Assets): Promise<Record<string, LearnerPhrases>> {
  const res = await assets.fetch(PHRASES_ASSET);
  if (!res.ok) throw new Error(`reading ${PHRASES_ASSET} failed: HTTP ${res.status}`);
  return LearnerPhraseTables.parse(await res.json());
}

/** `template` with each {name} replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A feedback with its leading verdict words taken off ("Correct.", "Not quite:"), for a line that shows the verdict itself. */
export function withoutVerdictWords(feedback: string, phrases: LearnerPhrases): string {
  const notQuite = phrases.wrong.slice(0, phrases.wrong.search(/[:：]/) + 1);
  for (const lead of [phrases.correct, notQuite]) if (lead && feedback.startsWith(lead)) return feedback.slice(lead.length).trimStart();
  return feedback;
}
