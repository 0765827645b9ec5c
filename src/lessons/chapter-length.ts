// How long a chapter's teaching part is, in words, in any script: Intl.Segmenter finds the words of
// text written without spaces (Chinese, Japanese, Thai) from its dictionaries, so "1200 words" means
// about the same amount of teaching in every language. The teaching part runs from the chapter
// heading to its Exercises; headings, table rules, code and link targets do not count.
import type { Heading, Outline } from "./outline";
import type { LessonVocabulary } from "./vocabulary";

export function teachingWords(doc: Outline, chapter: Heading, exercises: Heading | undefined, end: number, language?: LessonVocabulary): number {
  const headingLines = new Set(doc.headings.map((h) => h.line));
  const teaching = doc.lines
    .slice(chapter.line + 1, exercises?.line ?? end)
    .filter((_, i) => !headingLines.has(chapter.line + 1 + i) && !doc.inCode[chapter.line + 1 + i])
    .join("\n");
  // A table rule: a line of spaces, `|`, `:` and `-` only, as one class (so no run is split between expressions).
  const text = withoutLinkTargets(teaching).replace(/^[\s:|-]+$/gm, "");
  const segmenter = new Intl.Segmenter(language?.language ?? "en", { granularity: "word" });
  let words = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) words++;
  return words;
}

/**
 * `[text](target)` as `[text]`: each `](` to the first `)` after it. Once one has none, no later one has
 * (searching afresh from each of many `](` that never close took time in the square of the text).
 */
function withoutLinkTargets(text: string): string {
  let out = "";
  let from = 0;
  for (let at = text.indexOf("](", from); at !== -1; at = text.indexOf("](", from)) {
    const close = text.indexOf(")", at + 2);
    if (close === -1) break;
    out += text.slice(from, at + 1);
    from = close + 1;
  }
  return out + text.slice(from);
}
