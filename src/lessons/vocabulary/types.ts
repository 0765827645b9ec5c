// The shape of one language's lesson vocabulary: the words its checked headings start with, the
// labels of its answer key, and the few words an answer may be dressed in. A new language is a new
// table of this shape added to VOCABULARIES (./index.ts), not new validator code.

/** The sections of a lesson the validator checks, by the role they play. */
export type SectionName =
  | "objectives"
  | "keyConcepts"
  | "explanation"
  | "whyItMatters"
  | "coreContent"
  | "formulaOrCode"
  | "commonMistakes"
  | "example"
  | "summary"
  | "furtherQuestions"
  | "exercises"
  | "answerKey"
  | "sources";

export type ExerciseType = "multiple_choice" | "fill_in" | "short_answer" | "practice";

/** The labels of an answer key entry's lines: `**Answer:** B`, `**Accepted:** …`, `**Explanation:** …`, `**Concepts:** …`. */
export type KeyLabel = "answer" | "accepted" | "explanation" | "concepts";

export interface LessonVocabulary {
  /** BCP 47 tag, e.g. "en", "zh". */
  language: string;
  /** The language's name in itself ("Español"), for docs and the skills' language sheets. */
  name: string;
  /** "rtl" for a language written right to left. */
  direction: "ltr" | "rtl";
  /** Chapter headings; `{n}` stands for the chapter's number (digits, or one of `numerals`). */
  chapter: string[];
  /** Number words for chapter headings: the first is 1, the second 2, … (e.g. 一, 二, 三). */
  numerals?: string[];
  /** Each section's heading words; the first is the canonical spelling the skills teach. */
  sections: Record<SectionName, string[]>;
  /** The word before an exercise's number `N.K`, in the exercise heading and its answer key entry. */
  exercise: string[];
  /** Each exercise type's words, written after the number (in brackets or not); the first is canonical. */
  exerciseTypes: Record<ExerciseType, string[]>;
  /** Each answer key label; the first is canonical. */
  labels: Record<KeyLabel, string[]>;
  /** Words that join alternatives in one answer ("or"): `derivative or slope`. */
  or: string[];
  /** Words that join the parts of a several-blank answer ("and"): `4 and 5`, `4 y 5`. */
  and: string[];
  /** Phrases an answer may start with that say nothing ("the answer is"), lower case. */
  answerLeads: string[];
  /**
   * Words a multiple-choice answer may put before its letter ("option B", "opción B", "I think it's B", "maybe B"), lower
   * case. Read only before a lone letter A–D, so a fill-in answer that starts with "option" keeps the word.
   */
  choiceLeads: string[];
  /** Words an answer may end with that say nothing (です), lower case. */
  answerTails?: string[];
  /** Articles an answer may start with ("the", "la"), lower case. */
  articles?: string[];
  /** Number words from zero: the first is 0, the second 1, … (cheap ones, for fill-in answers). */
  numbers: string[];
  /**
   * The words of a true/false answer (a fill-in whose key is one: src/lessons/truth-words.ts), true's and false's. A
   * cased alphabet's lone letter (`V`, `F`, `W`) is an abbreviation, read in a learner's answer only.
   */
  truth: { true: string[]; false: string[] };
  /**
   * Whether numbers are written with a decimal comma, thousands grouped by `.` or a space (`2,5`, `1.000`, `1 000`);
   * without it, as in English: a decimal point, thousands grouped by `,` or a space (`2.5`, `1,000`).
   */
  decimalComma?: true;
}
