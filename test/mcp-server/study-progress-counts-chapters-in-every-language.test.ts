// study's progress says "Wrote N chapters" for a lesson in any language the validator reads: a chapter is
// a level-2 heading the lesson vocabularies call one (`## Kapitel 1`, `## 제1장`, `## الفصل 1`); other
// headings, and chapter headings in a code block, are no chapters.
import { expect, it } from "vitest";
import { StudyProgress } from "../../src/mcp-server/study-progress";

const saving = (content: string) => new StudyProgress().step({ type: "tool.started", name: "save_document", callId: "c1", args: { filename: "x", content } });

it.each([
  ["English", "# T\n## Chapter 1: Limits\n## Chapter 2: Rules", "Wrote 2 chapters"],
  ["Chinese", "# T\n## 第一章 极限\n## 第2章 法则", "Wrote 2 chapters"],
  ["Spanish", "# T\n## Capítulo 1: Límites\n## Capítulo 2: Reglas", "Wrote 2 chapters"],
  ["German", "# T\n## Kapitel 1: Grenzwerte\n## Kapitel 2: Regeln\n## Kapitel 3: Anwendungen", "Wrote 3 chapters"],
  ["Russian", "# T\n## Глава 1. Пределы\n## Глава 2. Правила", "Wrote 2 chapters"],
  ["Korean", "# T\n## 제1장: 극한\n## 제2장: 규칙", "Wrote 2 chapters"],
  ["French", "# T\n## Chapitre 1 : Limites", "Wrote 1 chapter"],
  ["Arabic", "# T\n## الفصل 1: النهايات\n## الفصل 2: القواعد", "Wrote 2 chapters"],
  ["Turkish", "# T\n## 1. Bölüm: Limitler\n## 2. Bölüm: Kurallar", "Wrote 2 chapters"],
  ["Hindi", "# T\n## अध्याय 1: सीमाएँ\n## अध्याय 2: नियम", "Wrote 2 chapters"],
  ["a translation beside the heading, counted once", "# T\n## Capítulo 1 / Chapter 1", "Wrote 1 chapter"],
  ["no chapter heading", "# T\n## Objetivos\n### Capítulo 1", "Writing the document"],
  ["a chapter heading in a code block", "# T\n```md\n## Chapter 1\n```", "Writing the document"],
])("%s", (_case, content, message) => {
  expect(saving(content)).toBe(message);
});
