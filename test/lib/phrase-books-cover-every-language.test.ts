// public/i18n holds the phrase books (src/lib/phrase-book.ts) in every language of the lesson vocabularies but
// English (built in): the learner's words around exercises, reviews and progress (learner-phrases.json), and
// the bots' own (chat-phrases.json). Each language has every phrase of its book and no other, with the same
// {placeholders} as English; the not-quite phrases open with the same words, which the chat quiz takes off
// below its own verdict line; the commands stay commands (/quiz), and buttons and click answers fit the platforms.
import { readFileSync } from "node:fs";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { fill, phraseSchema } from "../../src/lib/phrase-book";
import { ENGLISH_PHRASES, withoutVerdictWords } from "../../src/learning/learner-phrases";
import { ENGLISH_CHAT_PHRASES } from "../../src/platforms/chat-phrases";
import { VOCABULARIES } from "../../src/lessons/vocabulary";
import { fromRoot } from "../support/paths";

const read = <T>(file: string, schema: z.ZodType<T>) => z.record(z.string(), schema).parse(JSON.parse(readFileSync(fromRoot(`public/i18n/${file}`), "utf8")));
const learner = read("learner-phrases.json", phraseSchema(ENGLISH_PHRASES));
const chat = read("chat-phrases.json", phraseSchema(ENGLISH_CHAT_PHRASES));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const commands = (s: string) => [...s.matchAll(/\/[a-z]+\b/g)].map((m) => m[0]).sort();
const languages = VOCABULARIES.map((v) => v.language)
  .filter((l) => l !== "en")
  .sort();

describe.each([
  ["learner-phrases.json", ENGLISH_PHRASES, learner],
  ["chat-phrases.json", ENGLISH_CHAT_PHRASES, chat],
] as const)("%s", (_, english: Record<string, string>, tables: Record<string, Record<string, string>>) => {
  it("covers every language of the vocabularies, and no other", () => {
    expect(Object.keys(tables).sort()).toEqual(languages);
  });

  it.each(Object.keys(tables))("%s keeps every placeholder and command of English", (language) => {
    for (const [name, phrase] of Object.entries(english)) {
      expect(placeholders(tables[language]![name]!), name).toEqual(placeholders(phrase));
      expect(commands(tables[language]![name]!), name).toEqual(commands(phrase));
    }
  });
});

describe("the bots' phrases", () => {
  it.each(Object.entries(chat))("%s: its buttons and click answers fit", (_, phrases) => {
    for (const button of [phrases.allow, phrases.deny, phrases.alwaysAllow, phrases.formYes, phrases.formNo, phrases.formSkip, phrases.formSend])
      expect(button.length).toBeLessThanOrEqual(30);
    // Telegram shows a click's answer up to 200 characters.
    for (const [name, phrase] of Object.entries(phrases)) if (name.startsWith("click")) expect(phrase.length, name).toBeLessThanOrEqual(200);
  });
});

describe("the learner's phrases", () => {
  it.each([["en", ENGLISH_PHRASES] as const, ...Object.entries(learner)])("%s: the chat quiz takes the verdict words off its feedback", (_, phrases) => {
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
