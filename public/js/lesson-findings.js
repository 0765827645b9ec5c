// What the lesson check found in a draft the agent saved, in the page's language. The check's own words
// (document.saved's `findings`) are English and written for the model that repairs the lesson ("add it after
// the last chapter…"); the page says each finding by its code and chapter (`findingCodes`, the codes of
// src/lessons/validator.ts) and keeps the English in the trace. Findings said with the same words (three
// sections missing in Chapter 2) are one line with their number. Plain ESM: Node's tests import it.

import { t } from "./i18n.js";

/** The page's phrase for each finding code of the lesson check (FindingCode in src/lessons/validator.ts). */
export const FINDING_PHRASES = {
  missing_title: "findingMissingTitle",
  multiple_titles: "findingMultipleTitles",
  no_chapters: "findingNoChapters",
  chapter_heading: "findingChapterHeading",
  chapter_numbering: "findingChapterNumbering",
  chapter_too_short: "findingChapterTooShort",
  missing_section: "findingMissingSection",
  empty_section: "findingEmptySection",
  objectives_not_list: "findingObjectivesNotList",
  key_concepts_no_table: "findingKeyConceptsNoTable",
  missing_explanation_part: "findingMissingExplanationPart",
  exercise_heading: "findingExerciseHeading",
  exercise_id: "findingExerciseId",
  exercise_count: "findingExerciseCount",
  empty_exercise: "findingEmptyExercise",
  mc_options: "findingMcOptions",
  fill_in_no_blank: "findingFillInNoBlank",
  missing_answer_key: "findingMissingAnswerKey",
  answer_missing: "findingAnswerMissing",
  answer_unknown: "findingAnswerUnknown",
  answer_empty: "findingAnswerEmpty",
  mc_answer_no_letter: "findingMcAnswerNoLetter",
  answer_disputed: "findingAnswerDisputed",
  missing_sources: "findingMissingSources",
  sources_empty: "findingSourcesEmpty",
  source_not_fetched: "findingSourceNotFetched",
  citation_unknown: "findingCitationUnknown",
  unknown_language: "findingUnknownLanguage",
};

/**
 * The lines the page shows for a saved document's findings ({findings, findingCodes} of document.saved). A
 * document saved before findings had codes has only the check's words, which are all there is to show.
 */
export function findingLines({ findings = [], findingCodes } = {}) {
  if (!Array.isArray(findingCodes)) return findings;
  const lines = new Map();
  for (const { code, chapter } of findingCodes) {
    // Every finding of a phrase that names its chapter has one (src/lessons/chapter-checks.ts).
    const line = Object.hasOwn(FINDING_PHRASES, code) ? t(FINDING_PHRASES[code], chapter === undefined ? {} : { chapter }) : t("findingOther", { code });
    lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  return [...lines].map(([line, n]) => (n > 1 ? t("findingTimes", { finding: line, n }) : line));
}
