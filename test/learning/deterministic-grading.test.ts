// Multiple choice and fill in the blank graded from the key, on a table of right, wrong, variant,
// noisy and other-script answers.
import { describe, expect, it } from "vitest";
import { gradeFillIn, gradeMultipleChoice } from "../../src/learning/key-grading";
import type { AnswerKey, Exercise } from "../../src/lessons/exercises";
import type { Verdict } from "../../src/learning/graded-answer";

const mc: Exercise = {
  id: "1.1",
  chapter: 1,
  chapterTitle: "Derivatives",
  type: "multiple_choice",
  question: "What does $f'(a)$ measure?",
  options: [
    { letter: "A", text: "The value of $f$ at $a$" },
    { letter: "B", text: "The rate of change of $f$ at $a$" },
    { letter: "C", text: "The area under $f$" },
    { letter: "D", text: "The average of $f$" },
  ],
  concepts: [],
};
const mcKey: AnswerKey = { answer: "B", accepted: [], explanation: "A derivative is a rate of change." };
const mcZhKey: AnswerKey = { answer: "C — 外层 $\\cos$ 乘以内层导数 2。", accepted: [], explanation: "" };

const fill = (question: string): Exercise => ({ id: "1.3", chapter: 1, chapterTitle: "", type: "fill_in", question, concepts: [] });
const power = fill("The derivative of $x^5$ is ____ .");
const powerKey: AnswerKey = { answer: "$5x^4$", accepted: ["5 x to the fourth"], explanation: "Multiply by 5 and lower the exponent." };
const term = fill("The instantaneous rate of change is called the ____.");
const termKey: AnswerKey = { answer: "derivative / 导数", accepted: ["differential quotient"], explanation: "" };
const half = fill("The slope of $y = x/2$ is ____.");
const halfKey: AnswerKey = { answer: "1/2", accepted: [], explanation: "" };
const capital = fill("The capital of France is ____.");
const capitalKey: AnswerKey = { answer: "Paris (the city on the Seine)", accepted: [], explanation: "" };
const two = fill("A function has a ____ and a ____ .");
const twoKey: AnswerKey = { answer: "domain, range", accepted: [], explanation: "" };
const chain = fill("$(5x-2)^4$ 的导数是 ____ 。");
const chainKey: AnswerKey = { answer: "$20(5x-2)^3$", accepted: [], explanation: "" };
const neg = fill("The velocity at $t = 3$ is ____ m/s.");
const negKey: AnswerKey = { answer: "−10", accepted: [], explanation: "" };

type Row = [string, Exercise, AnswerKey, string, Verdict];

const table: Row[] = [
  // multiple choice: the letter in any dress
  ["letter", mc, mcKey, "B", "correct"],
  ["lower case", mc, mcKey, "b", "correct"],
  ["spaces", mc, mcKey, "  B  ", "correct"],
  ["trailing period", mc, mcKey, "B.", "correct"],
  ["parenthesized", mc, mcKey, "(B)", "correct"],
  ["closing parenthesis", mc, mcKey, "b)", "correct"],
  ["full-width letter", mc, mcKey, "Ｂ", "correct"],
  ["full-width parenthesized", mc, mcKey, "（Ｂ）", "correct"],
  ["letter and text", mc, mcKey, "B. The rate of change of f at a", "correct"],
  ["option text only", mc, mcKey, "the rate of change of $f$ at $a$", "correct"],
  ["option text without markup", mc, mcKey, "The rate of change of f at a", "correct"],
  ["option text, other case and punctuation", mc, mcKey, "THE RATE OF CHANGE OF F AT A!", "correct"],
  ["Chinese wording", mc, mcKey, "选B", "correct"],
  ["Chinese sentence", mc, mcKey, "答案是 B。", "correct"],
  ["bold letter", mc, mcKey, "**B**", "correct"],
  ["wrong letter", mc, mcKey, "A", "incorrect"],
  ["wrong letter lower", mc, mcKey, "c", "incorrect"],
  ["wrong full-width", mc, mcKey, "Ｄ", "incorrect"],
  ["wrong option text", mc, mcKey, "The area under f", "incorrect"],
  ["no such option", mc, mcKey, "E", "incorrect"],
  ["empty", mc, mcKey, "", "incorrect"],
  ["noise", mc, mcKey, "???", "incorrect"],
  ["two letters", mc, mcKey, "A or B", "incorrect"],
  ["Chinese wrong", mc, mcKey, "选 A", "incorrect"],
  ["key with a dash and Chinese", mc, mcZhKey, "c", "correct"],
  ["key with a dash, wrong", mc, mcZhKey, "B", "incorrect"],
  // fill in: the key's answer and its variants
  ["exact with TeX", power, powerKey, "$5x^4$", "correct"],
  ["without TeX", power, powerKey, "5x^4", "correct"],
  ["spaces", power, powerKey, "5 x ^ 4", "correct"],
  ["superscript", power, powerKey, "5x⁴", "correct"],
  ["explicit product", power, powerKey, "5*x^4", "correct"],
  ["cdot", power, powerKey, "5 \\cdot x^4", "correct"],
  ["full-width", power, powerKey, "５ｘ＾４", "correct"],
  ["accepted variant", power, powerKey, "5 x to the fourth", "correct"],
  ["trailing period", power, powerKey, "5x^4.", "correct"],
  ["wrong exponent", power, powerKey, "5x^5", "incorrect"],
  ["wrong factor", power, powerKey, "4x^4", "incorrect"],
  ["superscript wrong", power, powerKey, "5x³", "incorrect"],
  ["empty", power, powerKey, "", "incorrect"],
  ["word", term, termKey, "derivative", "correct"],
  ["article", term, termKey, "the derivative", "correct"],
  ["capitals", term, termKey, "Derivative", "correct"],
  ["quoted", term, termKey, "“derivative”", "correct"],
  ["Chinese alternative", term, termKey, "导数", "correct"],
  ["Chinese with punctuation", term, termKey, "导数。", "correct"],
  ["Chinese spaced", term, termKey, "导 数", "correct"],
  ["accepted variant", term, termKey, "Differential quotient", "correct"],
  ["wrong word", term, termKey, "integral", "incorrect"],
  ["wrong Chinese", term, termKey, "积分", "incorrect"],
  ["misspelling is wrong", term, termKey, "derivitave", "incorrect"],
  ["fraction", half, halfKey, "1/2", "correct"],
  ["decimal", half, halfKey, "0.5", "correct"],
  ["leading dot", half, halfKey, ".5", "correct"],
  ["percent", half, halfKey, "50%", "correct"],
  ["vulgar fraction", half, halfKey, "½", "correct"],
  ["full-width decimal", half, halfKey, "０．５", "correct"],
  ["wrong number", half, halfKey, "2", "incorrect"],
  ["near miss", half, halfKey, "0.55", "incorrect"],
  ["explained key: the head", capital, capitalKey, "paris", "correct"],
  ["explained key: whole", capital, capitalKey, "Paris (the city on the Seine)", "correct"],
  ["wrong city", capital, capitalKey, "Lyon", "incorrect"],
  ["two blanks", two, twoKey, "domain, range", "correct"],
  ["two blanks with and", two, twoKey, "Domain and Range", "correct"],
  ["two blanks, Chinese comma", two, twoKey, "domain，range", "correct"],
  ["one of two", two, twoKey, "domain, codomain", "partial"],
  ["none of two", two, twoKey, "input, output", "incorrect"],
  ["math in Chinese lesson", chain, chainKey, "20(5x-2)^3", "correct"],
  ["math with spaces", chain, chainKey, "20 (5x - 2)^3", "correct"],
  ["math with explicit product", chain, chainKey, "20*(5x-2)^3", "correct"],
  ["math with superscript", chain, chainKey, "20(5x−2)³", "correct"],
  ["math wrong", chain, chainKey, "4(5x-2)^3", "incorrect"],
  ["minus sign forms", neg, negKey, "-10", "correct"],
  ["en dash minus", neg, negKey, "–10", "correct"],
  ["sign matters", neg, negKey, "10", "incorrect"],
];

describe("deterministic grading", () => {
  it(`has a table of at least 60 answers (${table.length})`, () => expect(table.length).toBeGreaterThanOrEqual(60));

  it.each(table.map((row) => [`${row[0]}: "${row[3]}" is ${row[4]}`, row] as const))("%s", (_name, [, exercise, key, answer, verdict]) => {
    const grade = exercise.type === "multiple_choice" ? gradeMultipleChoice(exercise, key, answer) : gradeFillIn(exercise, key, answer);
    expect(grade.verdict).toBe(verdict);
    expect(grade.score).toBe(verdict === "correct" ? 1 : verdict === "incorrect" ? 0 : 0.5);
  });

  it("says the expected answer and the key's explanation", () => {
    const wrong = gradeMultipleChoice(mc, mcKey, "A");
    expect(wrong.expected).toBe("B. The rate of change of $f$ at $a$");
    expect(wrong.feedback).toContain("you chose A");
    expect(wrong.feedback).toContain("A derivative is a rate of change.");
    expect(gradeFillIn(power, powerKey, "5x^4")).toMatchObject({ expected: "$5x^4$", feedback: "Correct. Multiply by 5 and lower the exponent." });
  });
});
