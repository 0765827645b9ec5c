// The language tag a lesson is recorded with (Exercise.language, the shared lesson's language): its
// vocabulary's, and for Chinese the script too, since one vocabulary reads both scripts but the learner
// reads feedback in the one the lesson is written in (zh-Hant: the phrase books' Traditional Chinese).
import type { LessonVocabulary } from "./vocabulary";

/** Common characters (and those of the vocabulary's headings), Traditional form then Simplified, each pair's two forms found only in their own script (checked with OpenCC). */
const PAIRS =
  "們们這这個个為为學学習习題题說说時时會会來来對对與与關关點点問问數数發发變变長长開开實实現现過过還还進进動动應应經经間间讓让錯错確确選选項项詳详細细講讲內内結结碼码參参資资單单擇择簡简踐践務务誤误見见釋释標标";
const TRADITIONAL = new Set([...PAIRS].filter((_, i) => i % 2 === 0));
const SIMPLIFIED = new Set([...PAIRS].filter((_, i) => i % 2 === 1));

/** `zh-Hant` for a Chinese text with more of those characters in Traditional than in Simplified form; otherwise the vocabulary's tag. */
export function lessonLanguageTag(vocabulary: LessonVocabulary, text: string): string {
  if (vocabulary.language !== "zh") return vocabulary.language;
  let traditional = 0;
  for (const c of text) traditional += TRADITIONAL.has(c) ? 1 : SIMPLIFIED.has(c) ? -1 : 0;
  return traditional > 0 ? "zh-Hant" : "zh";
}

const hasAny = (word: string, script: Set<string>) => [...word].some((c) => script.has(c));

/**
 * A vocabulary's canonical word (its first) as a lesson tagged `tag` writes it: itself when the other script has
 * none of its characters (核心概念 in both), else the first of its words in the lesson's script (學習目標 for
 * 学习目标 in zh-Hant: the vocabulary lists the Traditional forms after the Simplified ones).
 */
export function wordFor(tag: string, vocabulary: LessonVocabulary, words: readonly string[]): string {
  const [canonical] = words as [string, ...string[]];
  if (vocabulary.language !== "zh") return canonical;
  const [own, other] = tag === "zh-Hant" ? [TRADITIONAL, SIMPLIFIED] : [SIMPLIFIED, TRADITIONAL];
  if (!hasAny(canonical, other)) return canonical;
  return words.find((w) => hasAny(w, own) && !hasAny(w, other)) ?? canonical;
}
