// public/i18n holds the phrase books (src/lib/phrase-book.ts) in every language of the lesson vocabularies and
// Traditional Chinese (zh-Hant, made from zh at build time), English (the `en` entry) among them, which the Worker reads through ASSETS: the learner's words around
// exercises, reviews and progress (learner-phrases.json), and the bots' own (chat-phrases.json), why a run
// failed and its warnings, which the bots and the page share (run-notices.json, public/js/run-notices.js), and
// the page an MCP server's authorization comes back to (oauth-callback.json), and /mcp's OAuth consent page
// (mcp-consent.json); the web page's own words are
// page/<language>.json, with their English in public/js/i18n.js. Each language has every phrase of its
// book's English and no other, with the same {placeholders} as English; the not-quite phrases open with the
// same words, which the chat quiz takes off below its own verdict line; the commands stay commands (/quiz),
// and buttons and click answers fit the platforms. The page's English in index.html is its book's English,
// element by element.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { fill, parseBook, phraseBook, phraseSchema, PhrasesUnreadable } from "../../src/lib/phrase-book";
import { learnerPhrases, type LearnerPhrases, withoutVerdictWords } from "../../src/lessons/learner-phrases";
import type { ChatPhrases } from "../../src/platforms/chat-phrases";
import type { RunNoticePhrases } from "../../src/platforms/run-notice-phrases";
import type { CallbackPhrases } from "../../src/mcp/oauth/callback-phrases";
import type { ConsentPhrases } from "../../src/http/mcp-consent";
import { VOCABULARIES } from "../../src/lessons/vocabulary";
import { ENGLISH_CALLBACK_PHRASES, ENGLISH_CHAT_PHRASES, ENGLISH_CONSENT_PHRASES, ENGLISH_PHRASES, RUN_NOTICES } from "../support/english-phrases";
import { fromRoot } from "../support/paths";
import { publicAssets } from "../support/public-assets";

const json = (path: string) => JSON.parse(readFileSync(fromRoot(`public/i18n/${path}`), "utf8")) as Record<string, unknown>;
// Each book as the Worker checks it: every language against the file's own English, Traditional Chinese (made
// from zh by the build, scripts/traditional-chinese.mjs) among them.
const read = <T extends Record<string, string>>(file: string) => parseBook<T>({ ...json(file), "zh-Hant": json(`zh-Hant/${file}`) });
const withoutEnglish = <T>({ en: _, ...others }: Record<string, T>) => others;
const learner = withoutEnglish(read<LearnerPhrases>("learner-phrases.json"));
const chat = withoutEnglish(read<ChatPhrases>("chat-phrases.json"));
const failures = withoutEnglish(read<RunNoticePhrases>("run-notices.json"));
const callback = withoutEnglish(read<CallbackPhrases>("oauth-callback.json"));
const consent = withoutEnglish(read<ConsentPhrases>("mcp-consent.json"));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const commands = (s: string) => [...s.matchAll(/\/[a-z]+\b/g)].map((m) => m[0]).sort();
const languages = [...VOCABULARIES.map((v) => v.language), "zh-Hant"].filter((l) => l !== "en").sort();
const i18n = (await import(pathToFileURL(fromRoot("public/js/i18n.js")).href)) as {
  ENGLISH: Record<string, string>;
  PAGE_LANGUAGES: string[];
  pageLanguage(preferred: string[]): string;
  count(n: number, one: string, many: string): string;
};
const page = Object.fromEntries(
  i18n.PAGE_LANGUAGES.map((l) => [l, phraseSchema(i18n.ENGLISH).parse(JSON.parse(readFileSync(fromRoot(`public/i18n/page/${l}.json`), "utf8")))]),
);

describe.each([
  ["learner-phrases.json", ENGLISH_PHRASES, learner],
  ["chat-phrases.json", ENGLISH_CHAT_PHRASES, chat],
  ["page/<language>.json", i18n.ENGLISH, page],
  ["run-notices.json", RUN_NOTICES, failures],
  ["oauth-callback.json", ENGLISH_CALLBACK_PHRASES, callback],
  ["mcp-consent.json", ENGLISH_CONSENT_PHRASES, consent],
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

describe("a phrase book", () => {
  it("is read through ASSETS, English for an unknown language or none", async () => {
    expect(await learnerPhrases(publicAssets, "es-MX")).toEqual(learner.es);
    expect(await learnerPhrases(publicAssets, "sw")).toEqual(ENGLISH_PHRASES);
    expect(await learnerPhrases(publicAssets, undefined)).toEqual(ENGLISH_PHRASES);
  });

  it("that cannot be read is an error, read again at the next lookup", async () => {
    const book = phraseBook<LearnerPhrases>("i18n/learner-phrases.json");
    let up = false;
    const flaky = { fetch: (url: string) => (up ? publicAssets.fetch(url) : Promise.resolve(new Response("down", { status: 503 }))) };
    await expect(book(flaky, "en")).rejects.toThrow(PhrasesUnreadable);
    await expect(book(flaky, "en")).rejects.toThrow(/i18n\/learner-phrases\.json.*HTTP 503/);
    up = true;
    expect(await book(flaky, "en")).toEqual(ENGLISH_PHRASES);
  });

  it("without every phrase of its English in some language is not a book", async () => {
    const { correct: _, ...spanish } = learner.es!;
    for (const tables of [{ en: ENGLISH_PHRASES, es: spanish }, { en: ENGLISH_PHRASES, es: { ...learner.es, extra: "x" } }, { es: learner.es }]) {
      const book = phraseBook<LearnerPhrases>("i18n/learner-phrases.json");
      await expect(book({ fetch: async () => Response.json(tables) }, "en")).rejects.toThrow(/not a complete book/);
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

describe("the web page's words", () => {
  const { document } = parseHTML(readFileSync(fromRoot("public/index.html"), "utf8"));

  it("are index.html's English, element by element and attribute by attribute", () => {
    const marked = [...document.querySelectorAll("[data-i18n]")];
    expect(marked.length).toBeGreaterThan(40);
    for (const element of marked) expect(element.textContent.replace(/\s+/g, " ").trim()).toBe(i18n.ENGLISH[element.getAttribute("data-i18n")!]);
    for (const attribute of ["placeholder", "aria-label", "content"])
      for (const element of document.querySelectorAll(`[data-i18n-${attribute}]`))
        expect(element.getAttribute(attribute)).toBe(i18n.ENGLISH[element.getAttribute(`data-i18n-${attribute}`)!]);
  });

  it("follow the first of the browser's languages the page has words for", () => {
    expect(i18n.pageLanguage(["pt-BR", "en"])).toBe("pt");
    expect(i18n.pageLanguage(["sw-KE", "fr_CA"])).toBe("fr");
    expect(i18n.pageLanguage(["en-GB", "es"])).toBe("en");
    expect(i18n.pageLanguage(["sw"])).toBe("en");
    expect(i18n.pageLanguage([])).toBe("en");
  });

  it("count in the language's singular and plural", () => {
    expect([0, 1, 2].map((n) => i18n.count(n, "stepOne", "stepMany"))).toEqual(["0 steps", "1 step", "2 steps"]);
  });
});

describe("what a run tells the person", () => {
  it("names codes of the API's errors or of a run's", () => {
    const documented = readFileSync(fromRoot("docs/api.md"), "utf8");
    for (const code of Object.keys(RUN_NOTICES)) expect(documented, code).toContain(`\`${code}\``);
  });
});
