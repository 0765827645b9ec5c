// Traditional Chinese (zh-Hant) is made from every book's and the page's Simplified Chinese (zh) at build time, by
// OpenCC's cn→twp conversion with Taiwan's quotation marks and the few phrases OpenCC misreads put right
// (scripts/traditional-chinese.mjs), into git-ignored files beside them. Each has every phrase zh has, as the
// build makes it now. The Worker reads a book's Traditional Chinese beside the book: a phrase
// zh gained since the build is said in Simplified rather than failing the book; a missing file fails it, naming
// the file. zh-TW, zh-HK, zh-MO and zh-Hant(-*) are zh-Hant; zh, zh-CN, zh-SG and zh-Hans(-*) are zh.
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bookLanguage, phraseBook, PhrasesUnreadable } from "../../src/lib/phrase-book";
import { fromRoot } from "../support/paths";

const { toTraditional } = (await import(pathToFileURL(fromRoot("scripts/traditional-chinese.mjs")).href)) as { toTraditional(simplified: string): string };

const json = (path: string) => JSON.parse(readFileSync(fromRoot(`public/i18n/${path}`), "utf8")) as Record<string, unknown>;
const books = readdirSync(fromRoot("public/i18n")).filter((f) => f.endsWith(".json"));
// Each made file and the Simplified table it is made from.
type Table = Record<string, string>;
const made: Array<[string, Table, Table]> = [
  ...books.map((book): [string, Table, Table] => [`zh-Hant/${book}`, json(book).zh as Table, json(`zh-Hant/${book}`) as Table]),
  ["page/zh-Hant.json", json("page/zh.json") as Table, json("page/zh-Hant.json") as Table],
];

describe.each(made)("public/i18n/%s", (_, simplified, traditional) => {
  it("is the build's Traditional Chinese of every phrase of zh, and no other", () => {
    expect(Object.keys(traditional)).toEqual(Object.keys(simplified));
    for (const [key, phrase] of Object.entries(simplified)) expect(traditional[key], key).toBe(toTraditional(phrase));
  });

  it("is in Taiwan's quotation marks, without OpenCC's misreadings", () => {
    for (const [key, phrase] of Object.entries(traditional)) expect(phrase, key).not.toMatch(/[“”‘’]|併發|隻能|頻道里/);
  });
});

describe("the Worker's phrase books", () => {
  const english = { hello: "Hello", bye: "Bye" };
  const assets = (files: Record<string, unknown>) => ({
    fetch: async (url: string) => {
      const path = new URL(url).pathname.slice(1);
      return path in files ? Response.json(files[path]) : new Response("Not Found", { status: 404 });
    },
  });

  it("say a phrase zh gained since the build in Simplified, in a book read whole", async () => {
    const book = phraseBook<typeof english>("i18n/test-book.json");
    const files = { "i18n/test-book.json": { en: english, zh: { hello: "你好", bye: "再见" } }, "i18n/zh-Hant/test-book.json": { hello: "妳好" } };
    expect(await book(assets(files), "zh-TW")).toEqual({ hello: "妳好", bye: "再见" });
    expect(await book(assets(files), "zh-CN")).toEqual({ hello: "你好", bye: "再见" });
  });

  it("fail, naming the file, when the book's Traditional Chinese is not there", async () => {
    const book = phraseBook<typeof english>("i18n/test-book.json");
    const lookup = book(assets({ "i18n/test-book.json": { en: english, zh: english } }), "en");
    await expect(lookup).rejects.toThrow(PhrasesUnreadable);
    await expect(lookup).rejects.toThrow(/i18n\/zh-Hant\/test-book\.json.*HTTP 404/);
  });

  it.each([
    ["zh-TW", "zh-Hant"],
    ["zh-hk", "zh-Hant"],
    ["zh_MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-hant-CN", "zh-Hant"],
    ["zh", "zh"],
    ["zh-CN", "zh"],
    ["zh-SG", "zh"],
    ["zh-Hans", "zh"],
    ["zh-Hans-TW", "zh"],
    ["pt-BR", "pt"],
  ])("take %s as %s", (tag, language) => {
    expect(bookLanguage(tag)).toBe(language);
  });
});
