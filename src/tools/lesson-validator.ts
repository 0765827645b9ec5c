// Checks a Markdown lesson against the format of docs/lesson-format.md (the one source of truth;
// skills/knowledge-compiler/templates/lesson.md is its skeleton). save_document runs it and hands
// the findings to the model, so every message says where the problem is and what to write instead.
//
// Headings are recognised by an English anchor at their start ("### Summary"), so a lesson in any
// language passes as long as its headings keep the anchor ("### Summary / 小结").
import { bodyLines, hasTable, hasText, outline, type Heading, type Outline } from "./lesson-outline";

export type FindingCode =
  | "missing_title"
  | "multiple_titles"
  | "no_chapters"
  | "chapter_numbering"
  | "missing_section"
  | "empty_section"
  | "objectives_not_list"
  | "key_concepts_no_table"
  | "missing_explanation_part"
  | "exercise_heading"
  | "exercise_id"
  | "exercise_count"
  | "empty_exercise"
  | "mc_options"
  | "fill_in_no_blank"
  | "missing_answer_key"
  | "answer_missing"
  | "answer_unknown"
  | "answer_empty"
  | "mc_answer_no_letter"
  | "missing_sources"
  | "source_not_fetched"
  | "citation_unknown";

export interface LessonFinding {
  code: FindingCode;
  message: string;
  /** The chapter's number as written in its heading. */
  chapter?: number;
}

export interface LessonValidation {
  ok: boolean;
  findings: LessonFinding[];
}

/** How each checked heading starts; the canonical spelling is what docs and skills tell the model to write. */
export const ANCHORS = {
  chapter: { canonical: "## Chapter N: {title}", pattern: /^chapter\s+(\d+)\b/i },
  objectives: { canonical: "### Objectives", pattern: /^(?:learning\s+)?objectives\b/i },
  keyConcepts: { canonical: "### Key Concepts", pattern: /^key\s+concepts\b/i },
  explanation: { canonical: "### Explanation", pattern: /^(?:detailed\s+)?explanation\b/i },
  whyItMatters: { canonical: "#### Why it matters", pattern: /^why\s+it\s+matters\b/i },
  coreContent: { canonical: "#### Core content", pattern: /^core\s+content\b/i },
  formulaOrCode: { canonical: "#### Formula or code", pattern: /^(?:formula|code)\b/i },
  commonMistakes: { canonical: "#### Common mistakes", pattern: /^common\s+mistakes\b/i },
  example: { canonical: "### Example 1: {title}", pattern: /^(?:worked\s+)?examples?\b/i },
  summary: { canonical: "### Summary", pattern: /^summary\b/i },
  furtherQuestions: { canonical: "### Further Questions", pattern: /^further\s+questions\b/i },
  exercises: { canonical: "### Exercises", pattern: /^exercises\b/i },
  answerKey: { canonical: "## Answer Key", pattern: /^answer\s+key\b/i },
  sources: { canonical: "## Sources", pattern: /^(?:appendix\b[^a-z]*)?(?:sources|references)\b/i },
} as const;

type Anchor = (typeof ANCHORS)[keyof typeof ANCHORS];

/** The headings the validator requires, as written in docs/lesson-format.md and the skills (tests keep them in step). */
export const REQUIRED_HEADINGS: readonly string[] = Object.values(ANCHORS).map((a) => a.canonical.replace(/ N:.*| 1:.*/, ""));

export const EXERCISE_HEADING = /^exercise\s+(\d+)\.(\d+)\s*\(([^)]*)\)/i;
export const ANSWER_HEADING = /^(?:exercise\s+)?(\d+)\.(\d+)\b/i;

export type ExerciseType = "multiple_choice" | "fill_in" | "short_answer" | "practice";

const EXERCISE_TYPES: { type: ExerciseType; label: string; pattern: RegExp; needed: number }[] = [
  { type: "multiple_choice", label: "Multiple choice", pattern: /^(?:multiple choice|mcq)\b/, needed: 2 },
  { type: "fill_in", label: "Fill in the blank", pattern: /^fill in\b/, needed: 1 },
  { type: "short_answer", label: "Short answer", pattern: /^short answer\b/, needed: 1 },
  { type: "practice", label: "Practice task", pattern: /^practice\b/, needed: 1 },
];

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
/** A multiple-choice option line: its letter and its text. */
export const MC_OPTION = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?\(?([A-Z])[.):](?:\*\*|__)?\s+(\S.*?)\s*$/;
const BLANK = /(?:\\?_){4,}/;
const SOURCE_ENTRY = /^\s*(?:(\d+)[.)]|\[(\d+)\]:?)\s+/;

export function validateLesson(markdown: string, opts: { fetchedUrls?: ReadonlySet<string> } = {}): LessonValidation {
  const doc = outline(markdown);
  const findings: LessonFinding[] = [];
  const add = (code: FindingCode, message: string, chapter?: number) => findings.push(chapter === undefined ? { code, message } : { code, message, chapter });

  const titles = doc.headings.filter((h) => h.level === 1);
  if (titles.length === 0) add("missing_title", "The lesson has no title: start it with one level-1 heading `# {title}`.");
  if (titles.length > 1) {
    add(
      "multiple_titles",
      `The lesson has ${titles.length} level-1 headings (${titles.map((h) => `"${h.raw}"`).join(", ")}); keep one \`# {title}\` at the top and make the others level-2 (\`## Chapter N: …\`) or lower.`,
    );
  }

  const spans = chapterSpans(doc);
  if (spans.length === 0) {
    const misplaced = doc.headings.find((h) => h.level !== 2 && ANCHORS.chapter.pattern.test(h.text));
    add(
      "no_chapters",
      `The lesson has no chapter: each chapter starts with a level-2 heading \`## Chapter 1: {title}\`.${misplaced ? ` Found "${misplaced.raw}" at level ${misplaced.level}; make it level 2.` : ""}`,
    );
  }
  const numbers = spans.map((s) => s.number);
  if (numbers.some((n, i) => i > 0 && n !== numbers[i - 1]! + 1)) {
    add(
      "chapter_numbering",
      `Chapters are numbered ${numbers.join(", ")}; number them consecutively (e.g. ${numbers.map((_, i) => numbers[0]! + i).join(", ")}).`,
    );
  }

  const exercises: Exercise[] = [];
  for (const span of spans) exercises.push(...checkChapter(doc, span.heading, span.end, span.number, add));

  checkAnswerKey(doc, exercises, add);
  checkSources(doc, opts.fetchedUrls, add);
  return { ok: findings.length === 0, findings };
}

export interface ChapterSpan {
  heading: Heading;
  /** The number written in its heading. */
  number: number;
  /** The line where the chapter ends. */
  end: number;
}

/**
 * The chapters of a lesson: each runs to the next chapter, the Answer Key, the Sources or a level-1
 * heading, so that a section written at the wrong level (`## Summary`) stays inside it.
 */
export function chapterSpans(doc: Outline): ChapterSpan[] {
  const chapters = doc.headings.filter((h) => h.level === 2 && ANCHORS.chapter.pattern.test(h.text));
  const boundaries = [
    ...chapters,
    ...doc.headings.filter((h) => h.level === 1 || (h.level === 2 && (ANCHORS.answerKey.pattern.test(h.text) || ANCHORS.sources.pattern.test(h.text)))),
  ].map((h) => h.line);
  return chapters.map((heading) => ({
    heading,
    number: Number(ANCHORS.chapter.pattern.exec(heading.text)![1]),
    end: Math.min(doc.lines.length, ...boundaries.filter((line) => line > heading.line)),
  }));
}

/** The type an exercise heading's parentheses name ("Fill-in the blank / 填空题" is fill_in), if any. */
export function exerciseType(typeText: string): ExerciseType | undefined {
  const text = typeText
    .split(/[/·,|]/)[0]!
    .toLowerCase()
    .replace(/[-_]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return EXERCISE_TYPES.find((t) => t.pattern.test(text))?.type;
}

/** Whether save_document should treat a Markdown document as a lesson (and validate it). */
export function looksLikeLesson(markdown: string): boolean {
  return outline(markdown).headings.some(
    (h) =>
      (h.level === 2 && (ANCHORS.chapter.pattern.test(h.text) || ANCHORS.answerKey.pattern.test(h.text))) ||
      (h.level >= 3 && [ANCHORS.objectives, ANCHORS.keyConcepts, ANCHORS.exercises].some((a) => a.pattern.test(h.text))),
  );
}

/** The text of the first level-1 heading, if any. */
export function lessonTitle(markdown: string): string | undefined {
  return outline(markdown).headings.find((h) => h.level === 1)?.raw;
}

/**
 * The form in which a cited URL and a fetched URL are compared: scheme, `www.`, fragment, a
 * trailing slash, `utm_*` parameters and query order do not make two pages different.
 */
export function normalizeUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  const params = [...u.searchParams].filter(([k]) => !k.toLowerCase().startsWith("utm_")).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const host = u.hostname.replace(/^www\./, "");
  const path = u.pathname.replace(/\/+$/, "");
  return `${host}${u.port ? `:${u.port}` : ""}${path}${query ? `?${query}` : ""}`;
}

interface Exercise {
  id: string;
  chapter: number;
  type: ExerciseType;
}

type Add = (code: FindingCode, message: string, chapter?: number) => void;

function checkChapter(doc: Outline, chapter: Heading, end: number, n: number, add: Add): Exercise[] {
  const inChapter = doc.headings.filter((h) => h.line > chapter.line && h.line < end);
  /** The heading of `anchor` at `level` inside `within`, or a finding that says where to put it. */
  const requireHeading = (anchor: Anchor, level: number, within: Heading[], missing: string): Heading | undefined => {
    const found = within.find((h) => h.level === level && anchor.pattern.test(h.text));
    if (found) return found;
    const misplaced = inChapter.find((h) => h.level !== level && anchor.pattern.test(h.text));
    const hint = misplaced ? ` Found "${"#".repeat(misplaced.level)} ${misplaced.raw}"; make it a level-${level} heading.` : "";
    add(level === 3 ? "missing_section" : "missing_explanation_part", `Chapter ${n} has no \`${anchor.canonical}\` ${missing}.${hint}`, n);
    return undefined;
  };
  const section = (anchor: Anchor, where: string) => requireHeading(anchor, 3, inChapter, `section; add it ${where}`);
  const nonEmpty = (h: Heading | undefined) => {
    if (h && !hasText(doc, h)) add("empty_section", `Chapter ${n}'s "${h.raw}" section is empty; write its content under that heading.`, n);
  };

  const objectives = section(ANCHORS.objectives, "right after the chapter heading, as a bullet list of what the learner will be able to do");
  if (objectives && !bodyLines(doc, objectives).some((l) => LIST_ITEM.test(l))) {
    add("objectives_not_list", `Chapter ${n}'s Objectives must be a bullet list (\`- Explain …\`), one objective per item.`, n);
  }
  const concepts = section(ANCHORS.keyConcepts, "after the Objectives, as a table `| Concept | Meaning |`");
  if (concepts && !hasTable(bodyLines(doc, concepts))) {
    add(
      "key_concepts_no_table",
      `Chapter ${n}'s Key Concepts must contain a Markdown table: a header row \`| Concept | Meaning |\`, a separator \`|---|---|\` and one row per concept.`,
      n,
    );
  }
  const explanation = section(ANCHORS.explanation, "after the Key Concepts");
  if (explanation) {
    const parts = inChapter.filter((h) => h.line > explanation.line && h.line < explanation.end);
    for (const part of [ANCHORS.whyItMatters, ANCHORS.coreContent, ANCHORS.formulaOrCode, ANCHORS.commonMistakes]) {
      nonEmpty(requireHeading(part, 4, parts, "part in its Explanation; add it as a level-4 heading inside the Explanation"));
    }
  }
  nonEmpty(section(ANCHORS.example, "after the Explanation, as a worked example with a step-by-step solution"));
  nonEmpty(section(ANCHORS.summary, "after the examples, as a few bullets of what to remember"));
  nonEmpty(section(ANCHORS.furtherQuestions, "after the Summary, with questions for further study"));
  const exercises = section(ANCHORS.exercises, "at the end of the chapter, with the five exercises");
  const misplaced = inChapter.find((h) => h.level !== 4 && EXERCISE_HEADING.test(h.text));
  if (misplaced)
    add(
      "exercise_heading",
      `"${"#".repeat(misplaced.level)} ${misplaced.raw}" must be a level-4 heading (\`#### Exercise ${n}.K ({type})\`) inside Chapter ${n}'s \`### Exercises\`.`,
      n,
    );
  return exercises ? checkExercises(doc, exercises, n, add) : [];
}

function checkExercises(doc: Outline, section: Heading, n: number, add: Add): Exercise[] {
  const found: Exercise[] = [];
  const headings = doc.headings.filter((h) => h.line > section.line && h.line < section.end && h.level === 4);
  for (const h of headings) {
    const m = EXERCISE_HEADING.exec(h.text);
    if (!m) {
      add(
        "exercise_heading",
        `"#### ${h.raw}" in Chapter ${n}'s Exercises is not an exercise heading; write \`#### Exercise ${n}.K ({type})\` where {type} is one of: ${EXERCISE_TYPES.map((t) => t.label).join(", ")}.`,
        n,
      );
      continue;
    }
    const id = `${m[1]}.${m[2]}`;
    const type = exerciseType(m[3]!);
    const kind = EXERCISE_TYPES.find((t) => t.type === type);
    if (!kind) {
      add(
        "exercise_heading",
        `Exercise ${id} has type "${m[3]}"; the type in parentheses must be one of: ${EXERCISE_TYPES.map((t) => t.label).join(", ")}.`,
        n,
      );
      continue;
    }
    if (Number(m[1]) !== n) {
      add("exercise_id", `Exercise ${id} is in Chapter ${n}; number it ${n}.${m[2]}.`, n);
      continue;
    }
    if (found.some((e) => e.id === id)) {
      add("exercise_id", `Chapter ${n} has two exercises numbered ${id}; number them ${n}.1, ${n}.2, … in order.`, n);
      continue;
    }
    found.push({ id, chapter: n, type: kind.type });

    const body = bodyLines(doc, h);
    if (!body.some((l) => l.trim() !== "")) {
      add("empty_exercise", `Exercise ${id} has no question text under its heading.`, n);
      continue;
    }
    if (kind.type === "multiple_choice") {
      const letters = body.flatMap((l) => MC_OPTION.exec(l)?.[1] ?? []);
      if (letters.join("") !== "ABCD") {
        const seen = letters.length
          ? `found ${letters.length} option line${letters.length === 1 ? "" : "s"} (${letters.join(", ")})`
          : "no option lines were found";
        add("mc_options", `Exercise ${id} (Multiple choice) needs exactly four options A–D, one per line as \`- A. …\` through \`- D. …\`; ${seen}.`, n);
      }
    } else if (kind.type === "fill_in" && !body.some((l) => BLANK.test(l))) {
      add("fill_in_no_blank", `Exercise ${id} (Fill in the blank) has no blank; put \`____\` (four underscores) where the missing word or value goes.`, n);
    }
  }
  for (const t of EXERCISE_TYPES) {
    const count = found.filter((e) => e.type === t.type).length;
    if (count < t.needed) {
      add(
        "exercise_count",
        `Chapter ${n} has ${count} "${t.label}" exercise${count === 1 ? "" : "s"}; it needs ${t.needed}. Add \`#### Exercise ${n}.K (${t.label})\` under its Exercises.`,
        n,
      );
    }
  }
  return found;
}

function checkAnswerKey(doc: Outline, exercises: Exercise[], add: Add): void {
  const key = doc.headings.find((h) => h.level === 2 && ANCHORS.answerKey.pattern.test(h.text));
  if (!key) {
    add(
      "missing_answer_key",
      "The lesson has no `## Answer Key`: add it after the last chapter, with a `### Exercise N.K` entry (answer and explanation) for every exercise.",
    );
    return;
  }
  const entries = new Map<string, Heading>();
  for (const h of doc.headings.filter((h) => h.line > key.line && h.line < key.end && h.level >= 3)) {
    const m = ANSWER_HEADING.exec(h.text);
    if (m) entries.set(`${m[1]}.${m[2]}`, h);
  }
  const missingByChapter = new Map<number, string[]>();
  for (const e of exercises) {
    const entry = entries.get(e.id);
    if (!entry) {
      missingByChapter.set(e.chapter, [...(missingByChapter.get(e.chapter) ?? []), e.id]);
      continue;
    }
    const body = bodyLines(doc, entry).filter((l) => l.trim() !== "");
    if (body.length === 0) add("answer_empty", `The Answer Key entry for Exercise ${e.id} is empty; give the answer and an explanation.`, e.chapter);
    else if (e.type === "multiple_choice" && !/(?<![A-Za-z])[A-D](?![A-Za-z])/.test(body[0]!)) {
      add(
        "mc_answer_no_letter",
        `The Answer Key entry for Exercise ${e.id} (Multiple choice) must name the correct option on its first line, e.g. \`**Answer:** B\`.`,
        e.chapter,
      );
    }
  }
  for (const [chapter, ids] of missingByChapter) {
    add(
      "answer_missing",
      `The Answer Key has no entry for Exercise ${ids.join(", ")}; add \`### Exercise ${ids[0]}\` with \`**Answer:** …\` and \`**Explanation:** …\` for each.`,
      chapter,
    );
  }
  const known = new Set(exercises.map((e) => e.id));
  for (const [id, h] of entries) {
    if (!known.has(id)) add("answer_unknown", `The Answer Key has an entry "${h.raw}" but no chapter has Exercise ${id}; renumber or remove it.`);
  }
}

function checkSources(doc: Outline, fetchedUrls: ReadonlySet<string> | undefined, add: Add): void {
  const section = doc.headings.find((h) => h.level === 2 && ANCHORS.sources.pattern.test(h.text));
  if (!section) {
    add("missing_sources", "The lesson has no `## Sources` section: end it with a numbered list of the pages you fetched, `1. [Page title](https://…)`.");
    return;
  }
  const lines = doc.lines.slice(section.line + 1, section.end).filter((_, i) => !doc.inCode[section.line + 1 + i]);
  const urls = lines.flatMap(extractUrls);
  if (urls.length === 0) {
    add("missing_sources", "The Sources section lists no links; list the pages you fetched as `1. [Page title](https://…)`.");
    return;
  }
  if (fetchedUrls) {
    const fetched = new Set([...fetchedUrls].map(normalizeUrl).filter((u) => u !== null));
    for (const url of new Set(urls)) {
      if (!fetched.has(normalizeUrl(url) ?? url)) {
        add(
          "source_not_fetched",
          `Source ${url} was not fetched in this run: read it with fetch_webpage first, or remove it (and its citations). Cite only pages you have read.`,
        );
      }
    }
  }

  const numbered = new Set(lines.flatMap((l) => SOURCE_ENTRY.exec(l)?.slice(1).filter(Boolean) ?? []).map(Number));
  const cited = new Set<number>();
  doc.lines.forEach((line, i) => {
    if (doc.inCode[i] || (i >= section.line && i < section.end)) return;
    for (const m of line.replace(/`[^`]*`/g, "").matchAll(/(?<![\w\]!\\])\[(\d{1,3})\](?![([:])/g)) cited.add(Number(m[1]));
  });
  const unknown = [...cited].filter((c) => !numbered.has(c)).sort((a, b) => a - b);
  if (unknown.length) {
    add(
      "citation_unknown",
      `The text cites ${unknown.map((c) => `[${c}]`).join(", ")} but the Sources list has no entr${unknown.length === 1 ? "y" : "ies"} with ${unknown.length === 1 ? "that number" : "those numbers"}; number the sources \`1.\`, \`2.\`, … and cite only those numbers.`,
    );
  }
}

/** http(s) URLs in a line: Markdown link targets, autolinks and bare URLs (balanced parentheses kept). */
function extractUrls(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/https?:\/\//g)) {
    let depth = 0;
    let end = m.index;
    for (; end < line.length; end++) {
      const ch = line[end]!;
      if (/[\s<>"\]]/.test(ch)) break;
      if (ch === "(") depth++;
      if (ch === ")" && depth-- === 0) break;
    }
    out.push(line.slice(m.index, end).replace(/[.,;:!?'*_]+$/, ""));
  }
  return out;
}
