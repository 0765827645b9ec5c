// An Arabic learner answers a multiple choice with the option's Arabic letter, typed on an Arabic keyboard: أ ب ج د,
// the abjad order Arabic lettered lists use (not the alphabet's أ ب ت ث). Lessons label options A–D in every language
// (the Arabic language sheet says so), so "ب" was no option and a right answer was graded incorrect at once.
import { describe, expect, it } from "vitest";
import { gradeMultipleChoice } from "../../src/learning/key-grading";
import { parseExercises } from "../../src/lessons/exercises";
import { validateLesson } from "../../src/lessons/validator";
import { ENGLISH_PHRASES } from "../support/english-phrases";
import { languageSheet } from "../support/language-sheets";

const { lesson } = languageSheet("ar");
// Exercise 1.1 of the sheet's sample lesson: options A–D, the key C (النيوتن).
const exercise = parseExercises(lesson).find((e) => e.id === "1.1")!;
const verdict = (answer: string, key = exercise.key!) => gradeMultipleChoice(exercise, key, answer, ENGLISH_PHRASES).verdict;

describe("an Arabic option letter", () => {
  it.each(["ج", "ج)", "(ج)", "ج.", "الخيار ج", "الإجابة هي ج"])("%j chooses C, the key", (answer) => {
    expect(exercise.options?.map((o) => o.letter)).toEqual(["A", "B", "C", "D"]);
    expect(verdict(answer)).toBe("correct");
  });

  it.each([
    ["أ", "A"],
    ["ا", "A"],
    ["ب", "B"],
    ["د", "D"],
  ])("%j chooses %s", (answer, letter) => {
    expect(verdict(answer, { ...exercise.key!, answer: letter })).toBe("correct");
    expect(verdict(answer)).toBe("incorrect");
  });

  it("in the alphabet's order is no option (ت is not C), and two listed hedge", () => {
    expect(verdict("ت")).toBe("incorrect");
    expect(verdict("ب أو ج")).toBe("incorrect");
  });

  it("labelling a lesson's options is refused when the lesson is saved, so grading reads A–D", () => {
    const abjad = lesson.replace(/^- ([A-D])\./gm, (_, l: string) => `- ${"أبجد"["ABCD".indexOf(l)]}.`);
    expect(validateLesson(abjad).findings.map((f) => f.code)).toContain("mc_options");
  });
});
