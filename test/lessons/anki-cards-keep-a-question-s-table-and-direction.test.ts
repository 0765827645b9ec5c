// A deck's cards render a question that opens with a table (the exercise's number was glued to its first
// line, so the table stayed raw pipes), and an Arabic lesson's cards say they read right to left (Anki lays
// a card out by its first strong letter, so a question opening with a Latin word or a formula went left to right).
import { describe, expect, it } from "vitest";
import { ankiDeck } from "../../src/lessons/deck";
import type { KeyedExercise } from "../../src/lessons/exercises";
import { ENGLISH_PHRASES } from "../support/english-phrases";

const exercise = (over: Partial<KeyedExercise>): KeyedExercise => ({
  id: "1.5",
  chapter: 1,
  chapterTitle: "Probability",
  type: "short_answer",
  question: "What is it?",
  concepts: [],
  key: { answer: "0.3" } as KeyedExercise["key"],
  ...over,
});
const cards = (e: KeyedExercise) =>
  ankiDeck("Deck", [{ lessonKey: "p.md", title: "P", lessonEtag: "e", exercises: [e] }], () => ENGLISH_PHRASES.noKey)
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("#"))
    .map((l) => l.split("\t"));

describe("a deck's cards", () => {
  it("render a question that opens with a table as its rows, the number before it", () => {
    const [[, front]] = cards(exercise({ question: "| Event | P |\n|---|---|\n| $A$ | 0.3 |\n\nWhich is it?" })) as [string[]];
    // Rows as the card dialect writes them (cells between bars), not the Markdown's pipes and delimiter row.
    expect(front).toBe("<b>1.5.</b> Event | P<br>\\(A\\) | 0.3<br><br>Which is it?");
  });

  it("of an Arabic lesson read right to left, front and back; others say nothing of direction", () => {
    const [[, front, back]] = cards(exercise({ question: "DNA هو ماذا؟", language: "ar" })) as [string[]];
    expect(front).toMatch(/^<div dir="rtl">.*<\/div>$/);
    expect(back).toMatch(/^<div dir="rtl">.*<\/div>$/);
    const [[, english]] = cards(exercise({ language: "en" })) as [string[]];
    expect(english).not.toContain("dir=");
  });
});
