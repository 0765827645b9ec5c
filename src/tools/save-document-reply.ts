// What save_document tells the model about a lesson saved as a draft. A book built in parts is
// incomplete until its last part brings the Answer Key and the Sources: while it is, a save is
// "part N saved, add the next part" (findings about what was already written may be fixed with
// edits on the way, and none of this counts as a repair). Once it is complete, the findings are
// to be fixed with edits, and those repairs are counted (LESSON_MAX_REPAIRS).
import type { LessonFinding } from "../lessons/validator";

/** Findings that only say the document is not finished yet: its last part has not come. */
const UNFINISHED: ReadonlySet<LessonFinding["code"]> = new Set(["missing_answer_key", "missing_sources"]);

/** Findings listed in one tool result; the rest are counted. */
const MAX_LISTED_FINDINGS = 25;

export const isComplete = (findings: readonly LessonFinding[]): boolean => !findings.some((f) => UNFINISHED.has(f.code));

export interface DraftReply {
  title: string;
  /** `lessons/<key> (… bytes), link: …` and any note about the key. */
  where: string;
  /** The filename to use in the next call. */
  name: string;
  findings: readonly LessonFinding[];
  /** How this call changed the document. */
  how: "content" | "append" | "edits";
  /** The number of this part in this run (content: 1; each append: one more). */
  part: number;
  /** For a complete lesson: this run's failing saves so far, this one included, and the limit. */
  repairs?: { failures: number; max: number };
}

function listFindings(findings: readonly LessonFinding[]): string {
  const lines = findings.slice(0, MAX_LISTED_FINDINGS).map((f, i) => {
    const chapter = f.chapter !== undefined ? `[Chapter ${f.chapter}] ` : "";
    const where = f.line !== undefined ? `line ${f.line} \`${f.quote ?? ""}\`: ` : "";
    return `${i + 1}. ${chapter}${where}${f.message} (${f.code})`;
  });
  if (findings.length > MAX_LISTED_FINDINGS) lines.push(`… and ${findings.length - MAX_LISTED_FINDINGS} more.`);
  return lines.join("\n");
}

export function draftReply(r: DraftReply): string {
  const edits = `save_document with filename "${r.name}" and edits [{old_text, new_text}] (old_text copied exactly from the lines quoted above)`;
  if (!isComplete(r.findings)) {
    const fixable = r.findings.filter((f) => !UNFINISHED.has(f.code));
    const saved =
      r.how === "edits"
        ? `Applied the edits to "${r.title}", saved as ${r.where}. It is a draft until its last part is in.`
        : `Part ${r.part} of "${r.title}" saved as ${r.where}. It is a draft until its last part is in.`;
    const next = `Add the next part: save_document with filename "${r.name}", append: true and the content that follows; the last part ends with the Answer Key and the Sources.`;
    if (!fixable.length) return `${saved} What is missing is for the parts to come:\n${listFindings(r.findings)}\n\n${next}`;
    return `${saved} What you have written so far has ${fixable.length} finding${fixable.length === 1 ? "" : "s"} to fix:\n${listFindings(fixable)}\n\nFix ${fixable.length === 1 ? "it" : "them"} with ${edits} (this is not counted as a repair while the document is unfinished), then ${next.charAt(0).toLowerCase()}${next.slice(1)}`;
  }
  const head = `Saved as a DRAFT: "${r.title}" as ${r.where}. The lesson is complete and fails ${r.findings.length} lesson check${r.findings.length === 1 ? "" : "s"}:\n${listFindings(r.findings)}\n\n`;
  const { failures, max } = r.repairs ?? { failures: 1, max: 0 };
  return (
    head +
    (failures <= max
      ? `Fix exactly these points with ${edits}; do not send the document again and do not append to it (repair ${failures} of ${max}).`
      : `The repair limit for this run (${max}) is reached: do not save this lesson again. Tell the user it is saved as a draft, give its link, and say what is still missing.`)
  );
}
