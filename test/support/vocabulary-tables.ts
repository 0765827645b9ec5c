// The lesson vocabularies as the Markdown tables docs/lesson-format.md and the skills' language
// sheets (skills/knowledge-compiler/languages/<code>.md) show: the tests compare those files with
// these, so a word added to a vocabulary is a word the docs and the model see.
import { EXERCISE_TYPES, KEY_LABELS, type LessonVocabulary, type SectionName } from "../../src/lessons/vocabulary";

const PARTS: Array<[SectionName, number, string]> = [
  ["objectives", 3, "Objectives"],
  ["keyConcepts", 3, "Key Concepts"],
  ["explanation", 3, "Explanation"],
  ["whyItMatters", 4, "Why it matters"],
  ["coreContent", 4, "Core content"],
  ["formulaOrCode", 4, "Formula or code"],
  ["commonMistakes", 4, "Common mistakes"],
  ["example", 3, "Example"],
  ["summary", 3, "Summary"],
  ["furtherQuestions", 3, "Further Questions"],
  ["exercises", 3, "Exercises"],
  ["answerKey", 2, "Answer Key"],
  ["sources", 2, "Sources"],
];
const TYPE_NAMES = { multiple_choice: "multiple choice", fill_in: "fill in the blank", short_answer: "short answer", practice: "practice task" };
const LABEL_NAMES = { answer: "Answer", accepted: "Accepted", explanation: "Explanation", concepts: "Concepts" };

const code = (words: readonly string[]) => words.map((w) => `\`${w}\``).join(", ");
/** Chinese and Japanese headings use full-width punctuation. */
const fullWidth = (v: LessonVocabulary) => v.language === "zh" || v.language === "ja";

/** Every word of one language, for docs/lesson-format.md. */
export function docTable(v: LessonVocabulary): string {
  const rows = [
    `| chapter (level 2) | ${code(v.chapter.map((c) => c.replace("{n}", "N")))}${v.numerals ? ` (N also ${v.numerals[0]} … ${v.numerals.at(-1)})` : ""} |`,
    ...PARTS.map(([name, level, english]) => `| ${english} (level ${level}) | ${code(v.sections[name])} |`),
    `| word before an exercise's \`N.K\` | ${code(v.exercise)} |`,
    ...EXERCISE_TYPES.map((t) => `| ${TYPE_NAMES[t]} | ${code(v.exerciseTypes[t])} |`),
    ...KEY_LABELS.map((l) => `| \`${LABEL_NAMES[l]}:\` label | ${code(v.labels[l])} |`),
    `| true (a true/false answer) | ${code(v.truth.true)} |`,
    `| false | ${code(v.truth.false)} |`,
  ];
  return [`### ${v.name} (\`${v.language}\`)`, "", "| part | words (first: the one the skills teach) |", "|---|---|", ...rows].join("\n");
}

/** The headings and labels a model writes in one language, for its language sheet. */
export function sheetTable(v: LessonVocabulary): string {
  const colon = fullWidth(v) ? "：" : ": ";
  const bracket = (t: string) => (fullWidth(v) ? `（${t}）` : ` (${t})`);
  const chapter = v.chapter[0]!.replace("{n}", "N");
  const rows = [
    `| Chapter | \`## ${chapter}${colon}{title}\` | 2 |`,
    ...PARTS.filter(([name]) => name !== "answerKey" && name !== "sources").map(
      ([name, level, english]) => `| ${english} | \`${"#".repeat(level)} ${v.sections[name][0]}${name === "example" ? ` 1${colon}{title}` : ""}\` | ${level} |`,
    ),
    ...EXERCISE_TYPES.map((t) => `| Exercise (${TYPE_NAMES[t]}) | \`#### ${v.exercise[0]} N.K${bracket(v.exerciseTypes[t][0]!)}\` | 4 |`),
    `| Answer Key | \`## ${v.sections.answerKey[0]}\` | 2 |`,
    `| its entries | \`### ${v.exercise[0]} N.K\` | 3 |`,
    ...KEY_LABELS.map((l) => `| ${LABEL_NAMES[l]} label | \`**${v.labels[l][0]}${fullWidth(v) ? "：" : ":"}**\` | |`),
    // A true/false question is a fill-in whose key is one of these (src/lessons/truth-words.ts).
    `| True / false answer | ${[v.truth.true[0]!, v.truth.false[0]!].map((w) => `\`${w[0]!.toUpperCase()}${w.slice(1)}\``).join(" / ")} | |`,
    `| Sources | \`## ${v.sections.sources[0]}\` | 2 |`,
  ];
  return ["| part | write | level |", "|---|---|---|", ...rows].join("\n");
}
