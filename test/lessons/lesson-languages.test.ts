// The validator reads a lesson in the learner's language: Chinese headings (the seed's own 第1章 /
// 本章目标 / 练习题 among them), full-width punctuation and blanks, 练习 N.K entries and lower-case
// answer letters pass; one heading that is off gives exactly one finding.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeLesson } from "../../src/lessons/lesson-shape";
import { validateLesson } from "../../src/lessons/validator";
import { FIXTURES } from "../support/paths";

const fixture = (name: string) => readFileSync(resolve(FIXTURES, "lessons", name), "utf8");
const good = fixture("good.md");
const zh = fixture("zh-seed-headings.md");

/** `text` with each [from, to] applied; fails loudly if a `from` is not in it. */
function edit(text: string, ...edits: [string, string][]): string {
  for (const [from, to] of edits) {
    expect(text).toContain(from);
    text = text.split(from).join(to);
  }
  return text;
}

const codes = (markdown: string) => validateLesson(markdown).findings.map((f) => f.code);

describe("Chinese writing habits each pass (applied to the English lesson)", () => {
  it.each<[string, [string, string][]]>([
    ["full-width brackets in exercise headings", [["#### Exercise 1.1 (Multiple choice)", "#### Exercise 1.1（Multiple choice）"]]],
    ["the translation before the type", [["#### Exercise 1.3 (Fill in the blank)", "#### Exercise 1.3 (填空题 / Fill in the blank)"]]],
    ["`- A．` options", [["- A. $x^2$\n- B. $3x^3$\n- C. $3x^2$\n- D. $3x$", "- A．$x^2$\n- B．$3x^3$\n- C．$3x^2$\n- D．$3x$"]]],
    ["`- A、` options", [["- A. $x^2$\n- B. $3x^3$\n- C. $3x^2$\n- D. $3x$", "- A、$x^2$\n- B、$3x^3$\n- C、$3x^2$\n- D、$3x$"]]],
    ["a `＿＿＿＿` blank", [["The derivative of $x^5$ is ____ .", "The derivative of $x^5$ is ＿＿＿＿。"]]],
    ["a `（ ）` blank", [["The derivative of $x^5$ is ____ .", "The derivative of $x^5$ is（　）。"]]],
    [
      "`### 练习 1.1` answer entries",
      [
        ["### Exercise 1.1\n", "### 练习 1.1\n"],
        ["### Exercise 2.3\n", "### 练习2.3\n"],
      ],
    ],
    ["`## 参考资料` for Sources", [["## Sources", "## 参考资料"]]],
    ["`### 小结 / Summary`", [["### Summary", "### 小结 / Summary"]]],
    ["lower-case answer letters", [["**Answer:** B\n**Explanation:** A derivative", "**Answer:** b\n**Explanation:** A derivative"]]],
    [
      "all of them at once",
      [
        ["#### Exercise 1.1 (Multiple choice)", "#### Exercise 1.1（选择题 / Multiple choice）"],
        ["## Sources", "## 参考资料"],
        ["### Summary", "### 小结 / Summary"],
        ["### Exercise 1.1\n", "### 练习 1.1\n"],
      ],
    ],
  ])("%s", (_, edits) => {
    expect(validateLesson(edit(good, ...edits))).toEqual({ ok: true, findings: [] });
  });
});

describe("a lesson written with Chinese headings only", () => {
  it("is recognised as a lesson and passes: 第1章 / 第二章, 本章目标, 练习题, 练习 N.K（类型）, A． A、 A） options, ＿＿＿＿ and （　） blanks, 参考答案, 参考资料", () => {
    expect(looksLikeLesson(zh)).toBe(true);
    expect(validateLesson(zh)).toEqual({ ok: true, findings: [] });
  });

  it("is validated, never passed unchecked: the seed's headings with a fault make a draft", () => {
    const seed = "# 微积分\n\n## 第1章\n\n### 本章目标\n- 求导\n\n## 练习题\n1. 求 $x^2$ 的导数\n";
    expect(looksLikeLesson(seed)).toBe(true);
    expect(validateLesson(seed).ok).toBe(false);
  });

  it.each<[string, [string, string][], string]>([
    ["a missing summary", [["### 本章小结\n- 导数是瞬时变化率。\n- 幂法则：$(x^n)' = n x^{n-1}$。\n", ""]], "missing_section"],
    ["an unknown exercise type", [["#### 练习 1.4（简答题）", "#### 练习 1.4（判断题）"]], "exercise_heading"],
    ["a chapter heading without 第N章", [["## 第二章：用代码求导数", "## 二、用代码求导数"]], "chapter_heading"],
    ["an answer key under another name", [["## 参考答案", "## 习题详解"]], "missing_answer_key"],
    ["an exercises section under another name", [["### 练习\n", "### 动手做\n"]], "missing_section"],
    [
      "exercise headings at level 3",
      [
        ["#### 练习 2.1（单选题）", "### 练习 2.1（单选题）"],
        ["#### 练习 2.2（选择题）", "### 练习 2.2（选择题）"],
      ],
      "exercise_heading",
    ],
    ["a multiple choice answer without a letter", [["**答案：** C\n**解析：** 幂法则", "**答案：** 第三个\n**解析：** 幂法则"]], "mc_answer_no_letter"],
    ["a missing option", [["- D、$3x$\n", ""]], "mc_options"],
    ["a fill-in without a blank", [["中心差分的分母是（　）。", "中心差分的分母是什么？"]], "fill_in_no_blank"],
    ["an answer entry missing", [["### 练习 2.4\n", "### 备注\n"]], "answer_missing"],
    ["a sources section under another name", [["## 参考资料", "## 链接"]], "missing_sources"],
    ["an exercise numbered for another chapter", [["#### 练习 1.5（实践题）", "#### 练习 2.5（实践题）"]], "exercise_id"],
  ])("%s gives exactly one finding", (_, edits, code) => {
    const result = validateLesson(edit(zh, ...edits));
    expect(result.findings.map((f) => f.code)).toEqual([code]);
  });

  it("each finding quotes its line", () => {
    const md = edit(zh, ["#### 练习 1.4（简答题）", "#### 练习 1.4（判断题）"]);
    const [f] = validateLesson(md).findings;
    expect(f).toMatchObject({ quote: "#### 练习 1.4（判断题）", line: md.split("\n").indexOf("#### 练习 1.4（判断题）") + 1 });
    expect(f!.message).toContain("单项选择题");
  });
});

describe("one heading off, one finding (English)", () => {
  it.each<[string, [string, string][], string]>([
    ["an unknown exercise type", [["#### Exercise 1.4 (Short answer)", "#### Exercise 1.4 (True or false)"]], "exercise_heading"],
    ["a chapter heading without its word", [["## Chapter 2: Computing Derivatives with Code", "## Computing Derivatives with Code"]], "chapter_heading"],
    ["the answer key under another name", [["## Answer Key", "## Solutions"]], "missing_answer_key"],
    ["an Exercises section misspelt", [["### Exercises\n\n#### Exercise 2.1", "### Exercizes\n\n#### Exercise 2.1"]], "missing_section"],
  ])("%s", (_, edits, code) => {
    expect(codes(edit(good, ...edits))).toEqual([code]);
  });
});
