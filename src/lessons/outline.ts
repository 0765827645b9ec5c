// A Markdown lesson as an outline of headings and sections: what the lesson validator checks against.
// Lines inside code fences and HTML comments never count as headings or text.
import { trimEndChars } from "../lib/trim-chars";
import { isSection } from "./vocabulary";

export interface Heading {
  level: number;
  /** Heading text with leading emoji, numbering marks and emphasis removed. */
  text: string;
  raw: string;
  line: number;
  /** Index of the line where its section ends (the next heading of the same or a higher level). */
  end: number;
}

export interface Outline {
  lines: string[];
  inCode: boolean[];
  headings: Heading[];
}

export function outline(markdown: string): Outline {
  const text = withoutComments(markdown.replace(/\r\n?/g, "\n"));
  const lines = text.split("\n");
  const inCode: boolean[] = [];
  const headings: Heading[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      inCode.push(true);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (marker) {
      fence = marker;
      inCode.push(true);
      return;
    }
    inCode.push(false);
    const h = atxHeading(line);
    if (h) {
      const clean = h.raw.replace(/^[^\p{L}\p{N}]+/u, "").replace(/[*_]+/g, "");
      headings.push({ level: h.level, text: clean, raw: h.raw, line: i, end: lines.length });
    }
  });
  headings.forEach((h, i) => {
    h.end = headings.slice(i + 1).find((n) => n.level <= h.level)?.line ?? lines.length;
  });
  return { lines, inCode, headings };
}

/** The lines of a heading's own text, up to its first sub-heading or the next heading. */
export function bodyLines(doc: Outline, h: Heading): string[] {
  const next = doc.headings.find((n) => n.line > h.line)?.line ?? doc.lines.length;
  return doc.lines.slice(h.line + 1, next);
}

/** Whether a section (its sub-sections included) has any text besides headings. */
export function hasText(doc: Outline, h: Heading): boolean {
  const headingLines = new Set(doc.headings.map((x) => x.line));
  for (let i = h.line + 1; i < h.end; i++) if (!headingLines.has(i) && doc.lines[i]!.trim() !== "") return true;
  return false;
}

export function hasTable(lines: string[]): boolean {
  // Each run of spaces is read by one `\s*` only (`\s*\|?\s*` split a run each way there is, in time in its square).
  return lines.some(
    (l, i) =>
      i > 0 && /^\s*(?:\|\s*)?:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+(?:\|\s*)?$/.test(l) && lines[i - 1]!.includes("|") && (lines[i + 1] ?? "").includes("|"),
  );
}

/** The lesson without its `## Answer Key` section, for showing it in a chat before its quiz. */
export function withoutAnswerKey(markdown: string): string {
  const doc = outline(markdown);
  const key = doc.headings.find((h) => h.level === 2 && isSection(h.text, "answerKey"));
  return key ? [...doc.lines.slice(0, key.line), ...doc.lines.slice(key.end)].join("\n") : markdown;
}

/**
 * A heading line's level and text without its closing `#`s: what /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/ read,
 * in time linear in the line (that expression tried each end of the text against each run of spaces after it).
 */
export function atxHeading(line: string): { level: number; raw: string } | undefined {
  const open = /^ {0,3}(#{1,6})\s/.exec(line);
  if (!open) return undefined;
  const text = line.slice(open[0].length).trim();
  const unclosed = trimEndChars(text, "#");
  // A closing sequence is `#`s after a space; `# C#` keeps its `#`.
  const raw = unclosed.trimEnd() !== unclosed ? unclosed.trimEnd() : text;
  // The text is one line: `.` stops at a line separator (U+2028, U+2029).
  return /[\n\r\u2028\u2029]/.test(raw) ? undefined : { level: open[1]!.length, raw };
}

/**
 * HTML comments are invisible when rendered, so nothing inside one counts: each becomes its line breaks.
 * Each `<!--` is followed to the first `-->` after it; once one is never closed, none after it is (searching
 * afresh from each of many unclosed `<!--` took time in the square of the lesson: 10,000 in 0.5 MB, 1.5 s).
 */
function withoutComments(markdown: string): string {
  let out = "";
  let from = 0;
  for (let open = markdown.indexOf("<!--"); open !== -1; open = markdown.indexOf("<!--", from)) {
    const close = markdown.indexOf("-->", open + 4);
    if (close === -1) break;
    out += markdown.slice(from, open) + markdown.slice(open, close).replace(/[^\n]/g, "");
    from = close + 3;
  }
  return out + markdown.slice(from);
}
