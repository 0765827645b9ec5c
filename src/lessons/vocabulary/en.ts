// English lesson headings. Matching ignores case, punctuation, accents and what follows the words.
import type { LessonVocabulary } from "./types";

export const english: LessonVocabulary = {
  language: "en",
  name: "English",
  direction: "ltr",
  chapter: ["Chapter {n}"],
  sections: {
    objectives: ["Objectives", "Learning objectives"],
    keyConcepts: ["Key Concepts"],
    explanation: ["Explanation", "Detailed explanation"],
    whyItMatters: ["Why it matters"],
    coreContent: ["Core content"],
    formulaOrCode: ["Formula or code", "Formula", "Code"],
    commonMistakes: ["Common mistakes"],
    example: ["Example", "Examples", "Worked example"],
    summary: ["Summary"],
    furtherQuestions: ["Further Questions"],
    exercises: ["Exercises"],
    answerKey: ["Answer Key", "Answers"],
    sources: ["Sources", "References", "Appendix: Sources", "Appendix: References"],
  },
  exercise: ["Exercise"],
  exerciseTypes: {
    multiple_choice: ["Multiple choice", "MCQ"],
    fill_in: ["Fill in the blank", "Fill in"],
    short_answer: ["Short answer"],
    practice: ["Practice task", "Practice"],
  },
  labels: {
    answer: ["Answer", "Correct answer"],
    accepted: ["Accepted", "Also accepted", "Accept", "Variants", "Alternatives"],
    explanation: ["Explanation", "Why", "Rubric"],
    concepts: ["Concepts", "Concept"],
  },
  or: ["or"],
  and: ["and"],
  answerLeads: ["the correct answer is", "the answer is", "answer", "it is", "it's"],
  choiceLeads: ["option", "choice", "letter", "i think it's", "i think it is", "i think", "i'd say", "i choose", "i pick", "maybe", "probably", "perhaps"],
  articles: ["the", "a", "an"],
  numbers: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
  truth: { true: ["true", "T"], false: ["false", "F"] },
};
