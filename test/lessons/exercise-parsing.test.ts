import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExercises, withoutKey } from "../../src/lessons/exercises";
import { validateLesson } from "../../src/lessons/validator";
import { FIXTURES } from "../support/paths";

const fixture = (name: string) => readFileSync(resolve(FIXTURES, "lessons", name), "utf8");

describe("a lesson's exercises, read with the validator's outline", () => {
  it("reads questions, options, concepts and the answer key of an English lesson", () => {
    const exercises = parseExercises(fixture("good.md"));
    expect(exercises.map((e) => `${e.id}:${e.type}`)).toEqual([
      "1.1:multiple_choice",
      "1.2:multiple_choice",
      "1.3:fill_in",
      "1.4:short_answer",
      "1.5:practice",
      "2.1:multiple_choice",
      "2.2:multiple_choice",
      "2.3:fill_in",
      "2.4:short_answer",
      "2.5:practice",
    ]);
    const [first] = exercises;
    expect(first).toMatchObject({ chapter: 1, question: "What does $f'(a)$ measure?" });
    expect(first!.options).toEqual([
      { letter: "A", text: "The value of $f$ at $a$" },
      { letter: "B", text: "The rate of change of $f$ at $a$" },
      { letter: "C", text: "The area under $f$" },
      { letter: "D", text: "The average of $f$" },
    ]);
    expect(first!.key).toEqual({ answer: "B", accepted: [], explanation: "A derivative is a rate of change; A confuses it with the value." });
    // Bold option letters and `A)` are options too.
    expect(exercises[6]!.options?.[1]).toEqual({ letter: "B", text: "Rounding errors grow" });
    expect(exercises[2]!.key?.answer).toBe("$5x^4$");
    // Concepts come from the chapter's Key Concepts table, as the exercise names them: 1.1 names the
    // derivative (a whole word, not the "Rate of change" inside "instantaneous rate of change" alone);
    // 2.1 names no concept, so it is about none (no fall back to all of the chapter's).
    expect(first!.concepts.map((c) => c.term)).toEqual(["Rate of change", "Derivative"]);
    expect(exercises[5]!.concepts).toEqual([]);
  });

  it("reads a Chinese daily lesson with localized labels, and a Recap before the chapter does not count", () => {
    const exercises = parseExercises(fixture("daily-zh.md"));
    expect(exercises.map((e) => e.id)).toEqual(["4.1", "4.2", "4.3", "4.4", "4.5"]);
    expect(exercises[0]!.key?.answer).toBe("B");
    expect(exercises[2]).toMatchObject({ type: "fill_in", key: { answer: "$20(5x-2)^3$" } });
    // 4.1 names none of the table's concepts: it is about none of them.
    expect(exercises[0]!.concepts).toEqual([]);
    expect(exercises[3]!.chapterTitle).toBe("链式法则");
  });

  it("keeps accepted variants and the explanation apart, and hides the key from learners", () => {
    const lesson = fixture("good.md").replace(
      "**Answer:** $5x^4$\n**Explanation:** Multiply by 5 and lower the exponent.",
      "**Answer:** $5x^4$\n**Accepted:** 5x⁴; 5*x^4 | 5 x^4\n**Explanation:** Multiply by 5 and lower the exponent.",
    );
    const fill = parseExercises(lesson).find((e) => e.id === "1.3")!;
    expect(fill.key).toEqual({ answer: "$5x^4$", accepted: ["5x⁴", "5*x^4", "5 x^4"], explanation: "Multiply by 5 and lower the exponent." });
    expect(withoutKey(fill)).not.toHaveProperty("key");
    expect(JSON.stringify(withoutKey(fill))).not.toContain("5x^4");
  });

  it("reads each entry's answer where its label puts it: after the explanation, or on the line after a label alone", () => {
    const lesson = fixture("good.md")
      .replace(
        "**Answer:** B\n**Explanation:** A derivative is a rate of change; A confuses it with the value.",
        "**Explanation:** A derivative is a rate of change; A confuses it with the value.\n**Answer:** B",
      )
      .replace("**Answer:** $5x^4$\n", "**Answer:**\n$5x^4$\n");
    expect(validateLesson(lesson)).toEqual({ ok: true, findings: [] });
    const exercises = parseExercises(lesson);
    expect(exercises[0]!.key).toEqual({ answer: "B", accepted: [], explanation: "A derivative is a rate of change; A confuses it with the value." });
    expect(exercises[2]!.key).toEqual({ answer: "$5x^4$", accepted: [], explanation: "Multiply by 5 and lower the exponent." });
    // A multiple choice answer alone on the line after its label names its letter too.
    expect(validateLesson(lesson.replace("**Answer:** C\n", "**Answer:**\nC\n"))).toEqual({ ok: true, findings: [] });
  });

  it("tags an exercise with the concepts of its key's Concepts line, in the table's words, in any language", () => {
    const lesson = fixture("good.md").replace(
      "### Exercise 2.1\n**Answer:** B\n",
      "### Exercise 2.1\n**Answer:** B\n**Explanation:** The step is taken on both sides.\n**Concepts:** difference quotient\n",
    );
    expect(parseExercises(lesson)[5]!.concepts).toEqual([{ term: "Difference quotient", meaning: "The average rate of change over a small step $h$" }]);
    // The labels of other languages are read the same way.
    expect(parseExercises(lesson.replace("**Concepts:** difference", "**Conceptos:** difference"))[5]!.concepts.map((c) => c.term)).toEqual([
      "Difference quotient",
    ]);
    expect(parseExercises(lesson.replace("**Concepts:** difference", "**考查概念：** difference"))[5]!.concepts.map((c) => c.term)).toEqual([
      "Difference quotient",
    ]);
  });

  it("finds a concept an exercise names only as a whole word: no Ion inside Explication", () => {
    const withIon = fixture("good.md").replace(
      "| Difference quotient | The average rate of change over a small step $h$ |",
      "| Difference quotient | The average rate of change over a small step $h$ |\n| Ion | A charged atom |",
    );
    const explication = withIon.replace(
      "### Exercise 2.1\n**Answer:** B\n",
      "### Exercise 2.1\n**Answer:** B\n**Explanation:** Explication: the step is symmetric.\n",
    );
    expect(parseExercises(explication)[5]!.concepts).toEqual([]);
    const named = explication.replace("Explication: the step is symmetric.", "Explication: like an ion, the step is symmetric.");
    expect(parseExercises(named)[5]!.concepts.map((c) => c.term)).toEqual(["Ion"]);
  });
});
