// study's progress says "✍️ 📑 N" (N chapters written) for a lesson in any language the validator reads: a chapter is
// a level-2 heading the lesson vocabularies call one (`## Kapitel 1`, `## 제1장`, `## الفصل 1`); other
// headings, and chapter headings in a code block, are no chapters.
import { expect, it } from "vitest";
import { StudyProgress } from "../../src/mcp-server/study-progress";

const saving = (content: string) => new StudyProgress().step({ type: "tool.started", name: "save_document", callId: "c1", args: { filename: "x", content } });

it.each([
  ["English", "# T\n## Chapter 1: Limits\n## Chapter 2: Rules", "✍️ 📑 2"],
  ["Chinese", "# T\n## 第一章 极限\n## 第2章 法则", "✍️ 📑 2"],
  ["Spanish", "# T\n## Capítulo 1: Límites\n## Capítulo 2: Reglas", "✍️ 📑 2"],
  ["German", "# T\n## Kapitel 1: Grenzwerte\n## Kapitel 2: Regeln\n## Kapitel 3: Anwendungen", "✍️ 📑 3"],
  ["Russian", "# T\n## Глава 1. Пределы\n## Глава 2. Правила", "✍️ 📑 2"],
  ["Korean", "# T\n## 제1장: 극한\n## 제2장: 규칙", "✍️ 📑 2"],
  ["French", "# T\n## Chapitre 1 : Limites", "✍️ 📑 1"],
  ["Arabic", "# T\n## الفصل 1: النهايات\n## الفصل 2: القواعد", "✍️ 📑 2"],
  ["Turkish", "# T\n## 1. Bölüm: Limitler\n## 2. Bölüm: Kurallar", "✍️ 📑 2"],
  ["Hindi", "# T\n## अध्याय 1: सीमाएँ\n## अध्याय 2: नियम", "✍️ 📑 2"],
  ["a translation beside the heading, counted once", "# T\n## Capítulo 1 / Chapter 1", "✍️ 📑 1"],
  ["no chapter heading", "# T\n## Objetivos\n### Capítulo 1", "✍️"],
  ["a chapter heading in a code block", "# T\n```md\n## Chapter 1\n```", "✍️"],
])("%s", (_case, content, message) => {
  expect(saving(content)).toBe(message);
});
