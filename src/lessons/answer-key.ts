// The Answer Key of a lesson: one entry per exercise, in the form its type needs (a letter for
// multiple choice), and no entry for an exercise the lesson does not have.
import { bodyLines, type Heading, type Outline } from "./outline";
import type { Add } from "./validator";
import { answerText, chapterNumber, exerciseHeading, isSection, type ExerciseType } from "./vocabulary";

/** An exercise as the chapter check found it. */
export interface Exercise {
  id: string;
  chapter: number;
  type?: ExerciseType;
  heading: Heading;
  /** Other ids its answer key entry may use (the number the writer gave a misnumbered exercise). */
  aliases: string[];
}

/** The option letter a multiple choice answer names: `B`, `**答案：** d`, `The answer is C.` */
export function answerLetter(line: string): string | undefined {
  const text = answerText(line);
  const m = /^\(?([A-Da-d])(?![A-Za-z])/.exec(text) ?? /(?<![A-Za-z])([A-D])(?![A-Za-z])/.exec(text);
  return m?.[1]!.toUpperCase();
}

export /** Checks the Answer Key against the exercises; returns each answered exercise's answer line. */
function checkAnswerKey(doc: Outline, exercises: Exercise[], add: Add): Map<string, { text: string; line: number }> {
  const answers = new Map<string, { text: string; line: number }>();
  const key = doc.headings.find((h) => h.level === 2 && isSection(h.text, "answerKey"));
  if (!key) {
    const lookalike = doc.headings.find(
      (h) => h.level === 2 && chapterNumber(h.text) === undefined && doc.headings.some((s) => s.line > h.line && s.line < h.end && exerciseHeading(s.text)),
    );
    add(
      "missing_answer_key",
      `The lesson has no \`## Answer Key\` (or \`## 参考答案\`): add it after the last chapter, with a \`### Exercise N.K\` entry (answer and explanation) for every exercise.${lookalike ? ` Found "## ${lookalike.raw}" with answer entries; name it \`## Answer Key\`.` : ""}`,
      { line: lookalike?.line ?? doc.headings.find((h) => h.level === 2 && isSection(h.text, "sources"))?.line ?? doc.lines.length - 1 },
    );
    return answers;
  }
  const entries = new Map<string, Heading>();
  for (const h of doc.headings.filter((h) => h.line > key.line && h.line < key.end && h.level >= 3)) {
    const parsed = exerciseHeading(h.text);
    if (parsed) entries.set(parsed.id, h);
  }
  const used = new Set<string>();
  const missingByChapter = new Map<number, Exercise[]>();
  for (const e of exercises) {
    const id = [e.id, ...e.aliases].find((i) => entries.has(i));
    if (!id) {
      missingByChapter.set(e.chapter, [...(missingByChapter.get(e.chapter) ?? []), e]);
      continue;
    }
    used.add(id);
    const entry = entries.get(id)!;
    const body = bodyLines(doc, entry).filter((l) => l.trim() !== "");
    const where = { chapter: e.chapter, line: entry.line };
    if (body.length === 0) {
      add("answer_empty", `The Answer Key entry for Exercise ${e.id} is empty; give the answer and an explanation.`, where);
      continue;
    }
    const line = entry.line + 1 + bodyLines(doc, entry).findIndex((l) => l.trim() !== "");
    answers.set(e.id, { text: answerText(body[0]!), line: line + 1 });
    if (e.type === "multiple_choice" && !answerLetter(body[0]!)) {
      add(
        "mc_answer_no_letter",
        `The Answer Key entry for Exercise ${e.id} (Multiple choice) must name the correct option on its first line, e.g. \`**Answer:** B\`.`,
        { chapter: e.chapter, line },
      );
    }
  }
  for (const [chapter, missing] of missingByChapter) {
    const ids = missing.map((e) => e.id);
    add(
      "answer_missing",
      `The Answer Key has no entry for Exercise ${ids.join(", ")}; add \`### Exercise ${ids[0]}\` with \`**Answer:** …\` and \`**Explanation:** …\` for each.`,
      { chapter, line: missing[0]!.heading.line },
    );
  }
  const unknown = [...entries].filter(([id]) => !used.has(id));
  if (unknown.length) {
    add(
      "answer_unknown",
      `The Answer Key has entr${unknown.length === 1 ? "y" : "ies"} ${unknown.map(([, h]) => `"${h.raw}"`).join(", ")} but no chapter has ${unknown.length === 1 ? "that exercise" : "those exercises"}; renumber or remove ${unknown.length === 1 ? "it" : "them"}.`,
      { line: unknown[0]![1].line },
    );
  }
  return answers;
}
