// A lesson a model writes in Traditional Chinese (繁體中文: a learner in Taiwan or Hong Kong, or one who asked for
// it) is checked and graded as Chinese. The Chinese vocabulary holds OpenCC's Traditional forms of each of its
// words (src/lessons/vocabulary/zh.ts): the Traditional lesson passes the validator as its Simplified twin does,
// its exercises are found with their types, and answers dressed in Traditional words (答案為 …, 選項 B, 4 與 5)
// are graded as the Simplified ones are. Before, its 學習目標 and 練習 1.1（單項選擇題） were no headings at all. Its
// exercises record zh-Hant (its feedback is in Traditional Chinese); the script is told by the characters
// that differ between the two among very common ones, a Simplified lesson and a tie staying zh.
import { Converter } from "opencc-js/cn2t";
import { describe, expect, it } from "vitest";
import { gradeFillIn, gradeMultipleChoice } from "../../src/learning/key-grading";
import { parseExercises, withoutKey } from "../../src/lessons/exercises";
import { readLesson, validateLesson } from "../../src/lessons/validator";
import { chinese } from "../../src/lessons/vocabulary/zh";
import { japanese } from "../../src/lessons/vocabulary/ja";
import { lessonLanguageTag, wordFor } from "../../src/lessons/lesson-language-tag";
import { ENGLISH_PHRASES } from "../support/english-phrases";
import { languageSheet } from "../support/language-sheets";

// Characters only (代码 → 代碼), and with Taiwan's phrases (代码 → 程式碼): models write either.
const CONVERSIONS = { "cn→tw": Converter({ from: "cn", to: "tw" }), "cn→twp": Converter({ from: "cn", to: "twp" }) };
const simplified = languageSheet("zh").lesson;

describe("the Chinese vocabulary", () => {
  it("holds OpenCC's Traditional forms of each of its words, in the word's own list", () => {
    const { sections, exerciseTypes, labels } = chinese;
    const lists = [...Object.values(sections), chinese.exercise, ...Object.values(exerciseTypes), ...Object.values(labels)];
    lists.push(chinese.or, chinese.and, chinese.answerLeads, chinese.choiceLeads, chinese.numbers, chinese.truth.true, chinese.truth.false);
    const missing = lists.flatMap((list) => Object.values(CONVERSIONS).flatMap((convert) => list.map(convert).filter((w) => !list.includes(w))));
    expect(missing).toEqual([]);
  });
});

describe("a Chinese lesson's tag", () => {
  it.each([
    ["Traditional", "這個練習題", chinese, "zh-Hant"],
    ["Simplified", "这个练习题", chinese, "zh"],
    ["without a telling character", "公式", chinese, "zh"],
    ["a tie", "這个", chinese, "zh"],
    ["more Traditional", "這們个", chinese, "zh-Hant"],
    ["Japanese", "学習", japanese, "ja"],
  ])("%s: %s", (_, text, vocabulary, tag) => expect(lessonLanguageTag(vocabulary, text)).toBe(tag));

  it("names an exercise type in the lesson's script", () => {
    expect(wordFor("zh-Hant", chinese, chinese.exerciseTypes.multiple_choice)).toBe("單項選擇題");
    expect(wordFor("zh", chinese, chinese.exerciseTypes.multiple_choice)).toBe("单项选择题");
    expect(wordFor("zh-Hant", chinese, chinese.exerciseTypes.fill_in)).toBe("填空題");
  });

  it("names every heading and label as OpenCC writes its canonical word in Traditional, and as it is in Simplified", () => {
    const { sections, exerciseTypes, labels } = chinese;
    const lists = [...Object.values(sections), chinese.exercise, ...Object.values(exerciseTypes), ...Object.values(labels)];
    const toTraditional = CONVERSIONS["cn→tw"];
    expect(lists.map((words) => wordFor("zh-Hant", chinese, words))).toEqual(lists.map((words) => toTraditional(words[0]!)));
    expect(lists.map((words) => wordFor("zh", chinese, words))).toEqual(lists.map((words) => words[0]));
  });
});

describe.each(Object.entries(CONVERSIONS))("the knowledge compiler's Chinese sample lesson converted %s", (_, convert) => {
  const lesson = convert(simplified);

  it("is Chinese, and passes the validator with the exercises of its Simplified twin", () => {
    expect(lesson).toContain("#### 練習 1.1（單項選擇題）");
    expect(readLesson(lesson).language).toBe(chinese);
    expect(validateLesson(lesson)).toEqual({ ok: true, findings: [] });
    const shape = (markdown: string) => parseExercises(markdown).map((e) => [e.id, e.type, e.key?.answer !== undefined]);
    expect(shape(lesson)).toEqual(shape(simplified));
  });

  it("has its answers graded when they are dressed in Traditional words", () => {
    const exercises = parseExercises(lesson);
    const choice = exercises.find((e) => e.id === "1.1")!;
    const fill = exercises.find((e) => e.id === "1.3")!;
    expect(choice.language).toBe("zh-Hant");
    for (const answer of ["選項 B", "我選B", "正確答案是 B"])
      expect(gradeMultipleChoice(withoutKey(choice), choice.key!, answer, ENGLISH_PHRASES).verdict, answer).toBe("correct");
    for (const answer of ["答案為 20(5x-2)^3", "正確答案是 20(5x-2)^3"])
      expect(gradeFillIn(withoutKey(fill), fill.key!, answer, ENGLISH_PHRASES)?.verdict, answer).toBe("correct");
    const twoBlanks = { ...withoutKey(fill), question: "____ 和 ____" };
    expect(gradeFillIn(twoBlanks, { ...fill.key!, answer: "4, 5", accepted: [] }, "4 與 5", ENGLISH_PHRASES)?.verdict).toBe("correct");
  });
});

// A finding names the heading it wants in the lesson's own script: a model repairing a Traditional lesson told
// `### 学习目标` would write Simplified headings into it.
describe("a finding on a Chinese lesson missing a section", () => {
  const withoutObjectives = (lesson: string) => lesson.replace(/^### (学习目标|學習目標)\n/m, "");
  const wanted = (lesson: string) => validateLesson(withoutObjectives(lesson)).findings.find((f) => f.code === "missing_section")?.message;

  it("quotes the Traditional heading in a Traditional lesson", () => {
    expect(wanted(CONVERSIONS["cn→tw"](simplified))).toContain("`### 學習目標` (Objectives)");
  });

  it("quotes the Simplified heading in a Simplified lesson", () => {
    expect(wanted(simplified)).toContain("`### 学习目标` (Objectives)");
  });
});
