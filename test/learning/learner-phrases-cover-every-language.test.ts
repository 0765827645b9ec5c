// public/i18n/learner-phrases.json holds the words a learner reads around exercises (the key's feedback, the
// chat quiz) in every lesson language but English (built in): each language of the vocabularies has all of them, with the same {placeholders} as English, and its
// not-quite phrases open with the same words, which the chat quiz takes off below its own verdict line.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGLISH_PHRASES, LearnerPhraseTables, fill, withoutVerdictWords, type LearnerPhrases } from "../../src/learning/learner-phrases";
import { VOCABULARIES } from "../../src/lessons/vocabulary";
import { fromRoot } from "../support/paths";

const tables = LearnerPhraseTables.parse(JSON.parse(readFileSync(fromRoot("public/i18n/learner-phrases.json"), "utf8")));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the learner phrases", () => {
  it("cover every language of the vocabularies, and no other", () => {
    expect(Object.keys(tables).sort()).toEqual(
      VOCABULARIES.map((v) => v.language)
        .filter((l) => l !== "en")
        .sort(),
    );
  });

  it.each(Object.entries(tables))("%s keeps every placeholder of English", (_, phrases) => {
    for (const [name, english] of Object.entries(ENGLISH_PHRASES))
      expect(placeholders(phrases[name as keyof LearnerPhrases]), name).toEqual(placeholders(english));
  });

  it.each([["en", ENGLISH_PHRASES] as const, ...Object.entries(tables)])("%s: the chat quiz takes the verdict words off its feedback", (_, phrases) => {
    const expected = "C. 30";
    expect(withoutVerdictWords(`${phrases.correct} Why.`, phrases)).toBe("Why.");
    for (const template of [phrases.chose, phrases.wrong]) {
      const feedback = fill(template, { chosen: "A", expected });
      expect(withoutVerdictWords(feedback, phrases), template).not.toBe(feedback);
      expect(withoutVerdictWords(feedback, phrases)).toContain(expected);
    }
  });

  it("fills a value as it is, never reading it as a template", () => {
    expect(fill(ENGLISH_PHRASES.wrong, { expected: "$x^{2}$ and {chosen} $&" })).toBe("Not quite: the answer is $x^{2}$ and {chosen} $&.");
  });
});
