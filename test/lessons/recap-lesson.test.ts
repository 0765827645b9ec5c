// A daily lesson that starts with a Recap of re-asked review exercises (skills/daily-lesson), their
// answers at the end of the Answer Key under `### Recap` (no raw HTML, which the reader would show as
// text), passes the lesson validator, and the Recap's items are not taken for the lesson's own exercises.
import { describe, expect, it } from "vitest";
import { parseExercises } from "../../src/lessons/exercises";
import { validateLesson } from "../../src/lessons/validator";
import { QUIZ_LESSON } from "../support/quiz-lesson";

const recap = `## Recap
1. What is the slope of the tangent line of $x^3$ at $x = 1$?
- A. 1
- B. 2
- C. 3
- D. 4
2. By the power rule, the derivative of $x^7$ is ____ .

`;
const recapAnswers = `### Recap
1. C: the derivative $3x^2$ is 3 at $x = 1$.
2. $7x^6$

`;

describe("a daily lesson with a Recap", () => {
  const lesson = QUIZ_LESSON.replace("## Chapter 1:", `${recap}## Chapter 1:`).replace("## Sources", `${recapAnswers}## Sources`);

  it("passes the validator", () => {
    expect(validateLesson(lesson).findings).toEqual([]);
  });

  it("keeps the Recap's items out of the lesson's exercises, and its answers out of the last key entry", () => {
    expect(parseExercises(lesson).map((e) => e.id)).toEqual(["1.1", "1.2", "1.3", "1.4", "1.5"]);
    expect(parseExercises(lesson)[4]!.key!.explanation).not.toContain("7x^6");
    expect(parseExercises(lesson)[1]!.question).toBe("Which is the slope of the tangent line of $x^2$ at $x = 1$?");
  });

  it("also in Chinese (## 回顾)", () => {
    expect(validateLesson(lesson.replace("## Recap", "## 回顾").replace("### Recap", "### 回顾")).findings).toEqual([]);
  });
});
