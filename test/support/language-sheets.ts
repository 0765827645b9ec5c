// The skills' language sheets (skills/knowledge-compiler/languages/<code>.md): the headings a model
// writes in each language and a complete sample lesson, as a model following the skills writes one.
import { readFileSync } from "node:fs";
import { normalizeUrl } from "../../src/lessons/sources";
import { SKILLS_DIR } from "./fs-skill-source";

export interface LanguageSheet {
  text: string;
  /** The sample lesson: the sheet's fenced Markdown block. */
  lesson: string;
  /** The URLs its Sources cite: the pages a run writing it would have fetched. */
  sources: Set<string>;
}

export function languageSheet(code: string): LanguageSheet {
  const text = readFileSync(`${SKILLS_DIR}/knowledge-compiler/languages/${code}.md`, "utf8");
  const lesson = /```markdown\n([\s\S]*?)```/.exec(text)![1]!;
  const sources = new Set([...lesson.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!).filter((u) => normalizeUrl(u)));
  return { text, lesson, sources };
}
