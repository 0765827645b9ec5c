// A multiple-choice answer that is an option's text without the marks a keyboard makes hard to type (Spanish,
// French, German, Turkish, Vietnamese accents; Arabic vowel marks and hamza seats; Russian ё) chooses that
// option: multiple choice is never asked of the model grader, so it was graded incorrect at once. Two options
// that differ only by such marks are chosen by neither, and other letters (Russian й, Japanese dakuten) stay.
import { describe, expect, it } from "vitest";
import { gradeMultipleChoice } from "../../src/learning/key-grading";
import type { Exercise } from "../../src/lessons/exercises";
import { ENGLISH_PHRASES } from "../support/english-phrases";

const choice = (language: string, texts: string[]): Exercise => ({
  id: "1.1",
  chapter: 1,
  chapterTitle: "",
  type: "multiple_choice",
  question: "?",
  language,
  options: texts.map((text, i) => ({ letter: "ABCD"[i]!, text })),
  concepts: [],
});

const rows: [language: string, options: string[], key: string, answer: string, verdict: "correct" | "incorrect"][] = [
  ["es", ["Canción", "Poema", "Novela", "Ensayo"], "A", "cancion", "correct"],
  ["es", ["Canción", "Poema", "Novela", "Ensayo"], "A", "CANCION", "correct"],
  ["fr", ["L'élève", "Le maître", "La classe", "Le livre"], "A", "l'eleve", "correct"],
  ["de", ["Müller", "Schmidt", "Schneider", "Fischer"], "A", "Muller", "correct"],
  ["tr", ["Ağaç", "Çiçek", "Yaprak", "Kök"], "B", "cicek", "correct"],
  ["vi", ["Hà Nội", "Huế", "Đà Nẵng", "Cần Thơ"], "A", "Ha Noi", "correct"],
  ["ar", ["واحد", "اثنان", "ثلاثة", "أربعة"], "B", "إثنان", "correct"],
  ["ar", ["كِتَاب", "قلم", "دفتر", "مكتب"], "A", "كتاب", "correct"],
  ["ar", ["واحد", "اثنان", "ثلاثة", "أربعة"], "D", "اربعة", "correct"],
  ["ru", ["Ёлка", "Дуб", "Клён", "Берёза"], "D", "береза", "correct"],
  // Still wrong: another option's text, a word that is none, options told apart only by their marks.
  ["es", ["Canción", "Poema", "Novela", "Ensayo"], "B", "cancion", "incorrect"],
  ["es", ["el", "él", "la", "lo"], "B", "el", "incorrect"],
  ["es", ["sé", "se", "si", "sí"], "A", "SE", "incorrect"],
  ["ru", ["мой", "мои", "моя", "моё"], "A", "мои", "incorrect"],
  ["ja", ["かき", "がき", "かぎ", "がぎ"], "B", "かき", "incorrect"],
];

describe("a choice's text typed without its marks", () => {
  it.each(rows)("%s %j key %s: %j is %s", (language, options, key, answer, verdict) => {
    const grade = gradeMultipleChoice(choice(language, options), { answer: key, accepted: [], explanation: "" }, answer, ENGLISH_PHRASES);
    expect(grade.verdict).toBe(verdict);
  });
});
