// How long a chapter's teaching part is, in words, in any script: Intl.Segmenter finds the words of
// text written without spaces (Chinese, Japanese, Thai) from its dictionaries, so "1200 words" means
// about the same amount of teaching in every language. The teaching part runs from the chapter
// heading to its Exercises; headings, table rules, code and link targets do not count.
import type { Heading, Outline } from "./outline";
import type { LessonVocabulary } from "./vocabulary";

export function teachingWords(doc: Outline, chapter: Heading, exercises: Heading | undefined, end: number, language?: LessonVocabulary): number {
  const headingLines = new Set(doc.headings.map((h) => h.line));
  const text = doc.lines
    .slice(chapter.line + 1, exercises?.line ?? end)
    .filter((_, i) => !headingLines.has(chapter.line + 1 + i) && !doc.inCode[chapter.line + 1 + i])
    .join("\n")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/^\s*\|?[\s:|-]+\|?\s*$/gm, "");
  const segmenter = new Intl.Segmenter(language?.language ?? "en", { granularity: "word" });
  let words = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) words++;
  return words;
}
