// One lesson per supported language, written in that language with its headings as a model
// following the skills writes it (the sample of the knowledge-compiler skill's language sheet),
// through the real save_document with the length check and the blind answer check: each is final
// on its first save, the reader answering the fill-in with another accepted form and some
// multiple choice with the option's text raises no alarm, and one heading removed gives exactly
// one finding that names the missing heading in the lesson's language. A Spanish-only lesson and
// a lesson in a language without a vocabulary are never saved final unchecked.
import { describe, expect, it } from "vitest";
import { RunState } from "../../src/agent/run-state";
import { parseExercises } from "../../src/lessons/exercises";
import { type LessonVocabulary, type SectionName, VOCABULARIES } from "../../src/lessons/vocabulary";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { requestText } from "../support/agent-run";
import { languageSheet } from "../support/language-sheets";
import { FakeModel } from "../support/fake-model";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";
import { callTool, toolContext } from "../support/run-tool";

interface Findings {
  findings: Array<{ code: string; message: string; line?: number; quote?: string }>;
  status: string;
}

/** One session's save_document, with LESSON_CHAPTER_WORDS at its smallest setting and, when given, a blind reader. */
function saver(fetched: ReadonlySet<string>, answers?: Record<string, string>) {
  const bucket = new MemoryLessonBucket();
  const model = answers ? new FakeModel([{ text: JSON.stringify(answers) }]) : undefined;
  const tool = createSaveDocumentTool({ bucket, sessionId: "sess-lang", maxBytes: 1_000_000, chapterWords: 200, ...(model ? { answerCheck: { model } } : {}) });
  const ctx = toolContext({ sessionId: "sess-lang", runState: new RunState({ fetchedUrls: new Set(fetched) }) });
  return { bucket, model, save: (args: Record<string, unknown>) => callTool(tool, args, ctx) };
}

/** What a careful reader answers: the key's letter (or, for 1.2, the option's text) and another accepted form of the fill-in. */
function readerAnswers(lesson: string): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const e of parseExercises(lesson)) {
    if (e.type === "multiple_choice") answers[e.id] = e.id.endsWith(".2") ? e.options!.find((o) => o.letter === e.key!.answer)!.text : e.key!.answer;
    if (e.type === "fill_in") answers[e.id] = e.key!.accepted.at(-1)!;
  }
  return answers;
}

/** `markdown` without the line `heading`; fails loudly when it is not there. */
function without(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const at = lines.findIndex((l) => l.startsWith(heading));
  expect(at, heading).toBeGreaterThanOrEqual(0);
  return [...lines.slice(0, at), ...lines.slice(at + 1)].join("\n");
}

const REMOVED: Array<[SectionName, number, string]> = [
  ["objectives", 3, "missing_section"],
  ["keyConcepts", 3, "missing_section"],
  ["formulaOrCode", 4, "missing_explanation_part"],
  ["summary", 3, "missing_section"],
  ["furtherQuestions", 3, "missing_section"],
  ["exercises", 3, "missing_section"],
];

describe.each(VOCABULARIES.map((v) => [v.name, v] as const))("a lesson in %s", (_, v: LessonVocabulary) => {
  const { lesson, sources } = languageSheet(v.language);

  it("is final on its first save: format, length and the blind answer check pass", async () => {
    const answers = readerAnswers(lesson);
    const { bucket, model, save } = saver(sources, answers);
    const result = await save({ filename: `sample-${v.language}`, content: lesson });
    expect(result.content).toContain("passes the lesson format check and the blind answer check");
    expect(result.status).toBe("success");
    expect(bucket.objects.get(`lessons/sample-${v.language}.md`)!.customMetadata!.status).toBe("final");
    // The reader saw the chapter only, never the key, and answered in forms other than the key's.
    const [request, ...more] = model!.requests();
    expect(more).toEqual([]);
    expect(requestText(request!)).toContain(lesson.split("\n").find((l) => l.startsWith("## "))!);
    expect(requestText(request!)).not.toContain(`## ${v.sections.answerKey[0]}`);
    expect(answers["1.3"]).not.toBe(parseExercises(lesson)[2]!.key!.answer);
  });

  it.each(REMOVED)("without its %s heading gets exactly one finding, naming that heading in its language", async (name, level, code) => {
    const heading = `${"#".repeat(level)} ${v.sections[name][0]}`;
    const { save } = saver(sources);
    const result = await save({ filename: `broken-${v.language}`, content: without(lesson, heading) });
    expect(result.status).toBe("partial");
    const { findings, status } = result.data as Findings;
    expect(status).toBe("draft");
    expect(findings.map((f) => f.code)).toEqual([code]);
    expect(findings[0]!.message).toContain(`\`${heading}\``);
  });
});

describe("lessons never saved final unchecked", () => {
  const es = languageSheet("es");

  it("a Spanish-only lesson is checked: a fault makes it a draft that names the Spanish heading", async () => {
    const { bucket, save } = saver(es.sources);
    const result = await save({ filename: "porcentajes", content: without(es.lesson, "### Resumen") });
    expect((result.data as Findings).findings).toEqual([
      expect.objectContaining({ code: "missing_section", message: expect.stringContaining("`### Resumen` (Summary)") }),
    ]);
    expect(bucket.objects.get("lessons/porcentajes.md")!.customMetadata!.status).toBe("draft");
  });

  // The English sample with its headings in Swahili, a language without a vocabulary: [English, Swahili, bilingual].
  const en = languageSheet("en");
  const SWAHILI: Array<[string, string, string]> = [
    ["## Chapter 1: The Power Rule", "## Sura 1: Kanuni ya nguvu", "## Sura 1: Kanuni ya nguvu / Chapter 1"],
    ["### Objectives", "### Malengo", "### Malengo / Objectives"],
    ["### Key Concepts", "### Dhana muhimu", "### Dhana muhimu / Key Concepts"],
    ["### Explanation", "### Maelezo", "### Maelezo / Explanation"],
    ["#### Why it matters", "#### Kwa nini ni muhimu", "#### Kwa nini ni muhimu / Why it matters"],
    ["#### Core content", "#### Maudhui ya msingi", "#### Maudhui ya msingi / Core content"],
    ["#### Formula or code", "#### Fomula au msimbo", "#### Fomula au msimbo / Formula or code"],
    ["#### Common mistakes", "#### Makosa ya kawaida", "#### Makosa ya kawaida / Common mistakes"],
    ["### Example 1: Differentiate a polynomial", "### Mfano 1: Polinomia", "### Mfano 1: Polinomia / Example 1"],
    ["### Summary", "### Muhtasari", "### Muhtasari / Summary"],
    ["### Further Questions", "### Maswali zaidi", "### Maswali zaidi / Further Questions"],
    ["### Exercises", "### Mazoezi", "### Mazoezi / Exercises"],
    ["Exercise ", "Zoezi ", "Zoezi "],
    ["(Multiple choice)", "(Chaguo nyingi)", "(Chaguo nyingi / Multiple choice)"],
    ["(Fill in the blank)", "(Jaza pengo)", "(Jaza pengo / Fill in the blank)"],
    ["(Short answer)", "(Jibu fupi)", "(Jibu fupi / Short answer)"],
    ["(Practice task)", "(Kazi ya vitendo)", "(Kazi ya vitendo / Practice task)"],
    ["## Answer Key", "## Majibu", "## Majibu / Answer Key"],
    ["**Answer:**", "**Jibu:**", "**Jibu / Answer:**"],
    ["**Accepted:**", "**Pia inakubalika:**", "**Pia inakubalika / Accepted:**"],
    ["**Explanation:**", "**Maelezo:**", "**Maelezo / Explanation:**"],
    ["**Concepts:**", "**Dhana:**", "**Dhana / Concepts:**"],
    ["## Sources", "## Vyanzo", "## Vyanzo / Sources"],
  ];
  const swahili = (bilingual: boolean) => SWAHILI.reduce((text, [english, own, both]) => text.split(english).join(bilingual ? both : own), en.lesson);

  it("a lesson in a language without a vocabulary is found by its structure and gets one finding asking for bilingual headings", async () => {
    const { bucket, save } = saver(en.sources);
    const result = await save({ filename: "kanuni", content: swahili(false) });
    const { findings } = result.data as Findings;
    expect(findings.map((f) => f.code)).toEqual(["unknown_language"]);
    expect(findings[0]!.message).toContain("headings numbered N.K");
    expect(findings[0]!.message).toContain("options A–D");
    expect(findings[0]!.message).toContain("`### Objetivos / Objectives`");
    expect(bucket.objects.get("lessons/kanuni.md")!.customMetadata!.status).toBe("draft");
  });

  it("the same lesson with bilingual headings, as that finding asks, is checked and final", async () => {
    const bilingual = swahili(true);
    expect(bilingual).toContain("### Malengo / Objectives");
    expect(bilingual).toContain("#### Zoezi 1.1 (Chaguo nyingi / Multiple choice)");
    expect(bilingual).toContain("**Jibu / Answer:** B");
    const { save } = saver(en.sources);
    const result = await save({ filename: "kanuni", content: bilingual });
    expect((result.data as Findings).findings).toEqual([]);
    expect(result.status).toBe("success");
  });
});
