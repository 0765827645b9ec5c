// The shape of one language's lesson vocabulary: the words its checked headings start with. A new
// language is a new table of this shape added to VOCABULARIES (./index.ts), not new validator code.

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

export interface LessonVocabulary {
  /** BCP 47 tag, e.g. "en", "zh". */
  language: string;
  /** Chapter headings; `{n}` stands for the chapter's number (digits, or one of `numerals`). */
  chapter: string[];
  /** Number words: the first is 1, the second 2, … (e.g. 一, 二, 三). */
  numerals?: string[];
  /** Each section's heading words; the first is the canonical spelling the skills teach. */
  sections: Record<SectionName, string[]>;
  /** The word before an exercise's number `N.K`, in the exercise heading and its answer key entry. */
  exercise: string[];
  /** Each exercise type's words, written after the number (in brackets or not); the first is canonical. */
  exerciseTypes: Record<ExerciseType, string[]>;
  /** Labels an answer key entry starts its answer with: `**Answer:** B`. */
  answer: string[];
}
