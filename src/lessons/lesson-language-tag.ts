// The language tag a lesson is recorded with (Exercise.language, the shared lesson's language): its
// vocabulary's, and for Chinese the script too, since one vocabulary reads both scripts but the learner
// reads feedback in the one the lesson is written in (zh-Hant: the phrase books' Traditional Chinese).
import type { LessonVocabulary } from "./vocabulary";

/** Very common characters, Traditional form then Simplified, each pair's two forms found only in their own script. */
const PAIRS = "們们這这個个為为學学習习題题說说時时會会來来對对與与關关點点問问數数發发變变長长開开實实現现過过還还進进動动應应經经間间讓让錯错確确選选項项";
const TRADITIONAL = new Set([...PAIRS].filter((_, i) => i % 2 === 0));
const SIMPLIFIED = new Set([...PAIRS].filter((_, i) => i % 2 === 1));

/** `zh-Hant` for a Chinese text with more of those characters in Traditional than in Simplified form; otherwise the vocabulary's tag. */
export function lessonLanguageTag(vocabulary: LessonVocabulary, text: string): string {
  if (vocabulary.language !== "zh") return vocabulary.language;
  let traditional = 0;
  for (const c of text) traditional += TRADITIONAL.has(c) ? 1 : SIMPLIFIED.has(c) ? -1 : 0;
  return traditional > 0 ? "zh-Hant" : "zh";
}

/** The first of a vocabulary's words (its canonical one) written as a lesson tagged `tag` writes it: 單項選擇題 for zh-Hant. */
export const wordFor = (tag: string, vocabulary: LessonVocabulary, words: readonly string[]): string =>
  words.find((w) => lessonLanguageTag(vocabulary, w) === tag) ?? words[0]!;
