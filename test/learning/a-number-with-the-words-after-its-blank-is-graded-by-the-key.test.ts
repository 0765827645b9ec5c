// A fill-in number is read with the words the question writes right after its blank. An answer that repeats them
// ("25 %" for `el ____ % del grupo`, "7 см" for `____ см`, "7个" for `____ 个苹果`) was graded as 25 % = 0.25 against
// the key's 25, so incorrect, or, in a unit the answer match does not know, sent to the model grader although the key
// decides it; and a key's bare number did not take the unit after the blank, so "5000 m" for `____ km.` (key 5) was
// incorrect while "5 m" and "5 kg" were right. A wrong number stays incorrect however it is dressed.
import { describe, expect, it } from "vitest";
import { gradeFillIn } from "../../src/learning/key-grading";
import type { Exercise } from "../../src/lessons/exercises";
import type { Verdict } from "../../src/learning/graded-answer";
import { ENGLISH_PHRASES } from "../support/english-phrases";

const fill = (language: string, question: string): Exercise => ({ id: "1.3", chapter: 1, chapterTitle: "", type: "fill_in", question, concepts: [], language });

const rows: [language: string, question: string, key: string, answer: string, verdict: Verdict | "model"][] = [
  // The words after the blank repeated: the key's number decides.
  ["es", "10 de 40 personas llevan gafas: el ____ % del grupo.", "25", "25 %", "correct"],
  ["es", "10 de 40 personas llevan gafas: el ____ % del grupo.", "25", "25%", "correct"],
  ["es", "10 de 40 personas llevan gafas: el ____ % del grupo.", "25", "30 %", "incorrect"],
  ["es", "10 de 40 personas llevan gafas: el ____ % del grupo.", "25", "0,25", "incorrect"],
  ["en", "10 of 40 is ____ %.", "25", "25%", "correct"],
  ["en", "10 of 40 is ____ %.", "25", "25.0", "correct"],
  ["ru", "Длина отрезка равна ____ см.", "7", "7 см", "correct"],
  ["ru", "Длина отрезка равна ____ см.", "7", "8 см", "incorrect"],
  ["ru", "Длина отрезка равна ____ см.", "7 см", "7", "correct"],
  ["ru", "Длина отрезка равна ____ см.", "3,5", "3,5 см", "correct"],
  ["ru", "Длина отрезка равна ____ см.", "3,5", "3,500 см", "correct"],
  ["zh", "一共有 ____ 个苹果。", "7", "7个", "correct"],
  ["zh", "一共有 ____ 个苹果。", "7", "8个", "incorrect"],
  ["zh", "长方形的面积是 ____ 平方厘米。", "12", "１２平方厘米", "correct"],
  ["ja", "りんごは ____ 個あります。", "7", "７個", "correct"],
  ["ja", "一次関数 $y = 4x - 2$ で、$x$ が 3 増えると $y$ は ____ 増える。", "12", "13増える", "incorrect"],
  ["ar", "الطول ____ سم.", "7", "7 سم", "correct"],
  ["ar", "الطول ____ سم.", "7", "٨ سم", "incorrect"],
  ["hi", "साधारण ब्याज ____ रुपये होगा।", "400", "400 रुपये होगा।", "correct"],
  ["hi", "साधारण ब्याज ____ रुपये होगा।", "400", "500 रुपये", "incorrect"],
  ["tr", "$10^8 / 10^5 = 10^n$ ise $n =$ ____ olur.", "3", "3 olur", "correct"],
  ["tr", "$10^8 / 10^5 = 10^n$ ise $n =$ ____ olur.", "3", "4 olur", "incorrect"],
  // The unit after the blank is the key's unit: another of its dimension states the amount.
  ["en", "The distance is ____ km.", "5", "5000 m", "correct"],
  ["fr", "L'autre côté mesure ____ cm.", "12", "0,12 m", "correct"],
  ["fr", "L'autre côté mesure ____ cm.", "12", "120 mm", "correct"],
  ["de", "Die Stromstärke beträgt ____ A.", "5", "5000 mA", "correct"],
  ["en", "The speed is ____ m/s.", "8", "28.8 km/h", "correct"],
  ["en", "The distance is ____ km.", "5", "500 m", "incorrect"],
  ["en", "The distance is ____ km.", "5", "5 m", "incorrect"],
  ["en", "The distance is ____ km.", "5", "5 kg", "model"],
  // Words after the blank that are not the answer's are not taken away; a number run on into them is no repeat.
  ["en", "____ · 2 = 6", "3", "32", "incorrect"],
  ["es", "La capital de Francia es ____.", "París", "Lyon", "model"],
];

describe("a fill-in number read with the words after its blank", () => {
  it.each(rows)("%s %j key %j: %j is %s", (language, question, key, answer, verdict) => {
    const grade = gradeFillIn(fill(language, question), { answer: key, accepted: [], explanation: "" }, answer, ENGLISH_PHRASES);
    expect(grade?.verdict ?? "model").toBe(verdict);
  });
});
