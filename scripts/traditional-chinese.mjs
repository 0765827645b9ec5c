// Traditional Chinese (zh-Hant, as written in Taiwan) for every phrase book and the web page, made at build time
// from their Simplified Chinese (zh) by OpenCC's cn→twp conversion (Taiwan characters and Taiwan phrases: 程式碼,
// 伺服器): OpenCC's dictionaries are the standard for this, and converting by hand is error-prone and drifts as
// zh changes. Whatever keys zh has are converted, so a phrase added to zh is in zh-Hant at the next build. The
// output is git-ignored, beside what it is made from: public/i18n/zh-Hant/<book>.json (a book's zh-Hant entry,
// which src/lib/phrase-book.ts and public/js/i18n.js read with the book) and public/i18n/page/zh-Hant.json.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ConverterFactory, Locale } from "opencc-js/cn2t";

/**
 * After OpenCC: Taiwan's quotation marks (「」, 『』 within), and where its segmentation misreads our phrases, as it
 * read them: 并发 taken as "concurrency" (并发给你, 并发布: "and send", "and post"), 只 after 多 as a classifier
 * (最多只能), 里 after 频道 as the unit of length.
 */
const TAIWAN_USAGE = [
  ["“", "「"],
  ["”", "」"],
  ["‘", "『"],
  ["’", "』"],
  ["併發給", "並發給"],
  ["併發布", "並發布"],
  ["隻能", "只能"],
  ["頻道里", "頻道裡"],
];

export const toTraditional = ConverterFactory(Locale.from.cn, Locale.to.twp, [TAIWAN_USAGE]);

/** A table of phrases (key → Simplified) as the JSON of its Traditional twin. */
const traditionalJson = (table) =>
  `${JSON.stringify(Object.fromEntries(Object.entries(table).map(([key, phrase]) => [key, toTraditional(phrase)])), null, 2)}\n`;

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Writes the zh-Hant tables under `i18n` (public/i18n) with `write(path, content)`, and removes those whose book is gone. */
export function publishTraditionalChinese(i18n, write) {
  const books = readdirSync(i18n).filter((f) => f.endsWith(".json"));
  for (const book of books) {
    const { zh } = readJson(join(i18n, book));
    if (zh) write(join(i18n, "zh-Hant", book), traditionalJson(zh));
  }
  write(join(i18n, "page/zh-Hant.json"), traditionalJson(readJson(join(i18n, "page/zh.json"))));
  const made = join(i18n, "zh-Hant");
  for (const file of existsSync(made) ? readdirSync(made) : []) if (!books.includes(file) && !file.endsWith(".tmp")) rmSync(join(made, file), { force: true });
}
