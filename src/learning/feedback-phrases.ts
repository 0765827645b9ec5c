// The words the answer key grades in (key-grading.ts) and the chat quiz's verdict lines, in the lesson's
// language: a Spanish lesson's learner read "Not quite: the answer is B." English is built in; the other
// languages of the lesson vocabularies are a static asset (public/i18n/feedback.json), read once per isolate
// through ASSETS as the skills are, because fifteen languages of phrases would take most of what is left of
// the Worker bundle's 400 KiB budget (BENCHMARKS.md, issue 29). A language without phrases, or an asset that
// cannot be read, is answered in English.
import * as z from "zod";

const phrase = z.string().min(1);

/** One language's phrases; {name} marks where a value goes. */
export const FeedbackPhrasesSchema = z.strictObject({
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
});

export type FeedbackPhrases = z.output<typeof FeedbackPhrasesSchema>;

export const ENGLISH_FEEDBACK: FeedbackPhrases = {
  correct: "Correct.",
  notQuite: "Not quite.",
  partly: "Partly right.",
  chose: "Not quite: you chose {chosen}; the answer is {expected}.",
  answerIs: "The answer is {expected}.",
  wrong: "Not quite: the answer is {expected}.",
  blanks: "{right} of {total} blanks are right; the answer is {expected}.",
  expected: "Expected:",
};

/** The asset: phrases by language tag. */
export const FeedbackTables = z.record(z.string(), FeedbackPhrasesSchema);

/** Where the Worker's ASSETS binding serves the other languages' phrases. */
export const FEEDBACK_ASSET = "https://assets.local/i18n/feedback.json";

type Assets = { fetch(input: string): Promise<Response> };

let tables: Promise<Record<string, FeedbackPhrases>> | undefined;

/** The phrases of `language` (a vocabulary's tag; "pt-BR" is pt), English for none or an unknown one. */
export async function feedbackPhrases(assets: Assets | undefined, language: string | undefined): Promise<FeedbackPhrases> {
  const tag = language?.toLowerCase().split("-")[0];
  if (!tag || tag === "en" || !assets) return ENGLISH_FEEDBACK;
  tables ??= readTables(assets);
  try {
    return (await tables)[tag] ?? ENGLISH_FEEDBACK;
  } catch {
    // Read again next time: the grade goes out in English rather than not at all.
    tables = undefined;
    return ENGLISH_FEEDBACK;
  }
}

async function readTables(assets: Assets): Promise<Record<string, FeedbackPhrases>> {
  const res = await assets.fetch(FEEDBACK_ASSET);
  if (!res.ok) throw new Error(`reading ${FEEDBACK_ASSET} failed: HTTP ${res.status}`);
  return FeedbackTables.parse(await res.json());
}

/** `template` with each {name} replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A feedback with its leading verdict words taken off ("Correct.", "Not quite:"), for a line that shows the verdict itself. */
export function withoutVerdictWords(feedback: string, phrases: FeedbackPhrases): string {
  const notQuite = phrases.wrong.slice(0, phrases.wrong.search(/[:：]/) + 1);
  for (const lead of [phrases.correct, notQuite]) if (lead && feedback.startsWith(lead)) return feedback.slice(lead.length).trimStart();
  return feedback;
}
