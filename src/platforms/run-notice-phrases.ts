// What a run tells the person (why it failed, and the warnings a learner can act on), in their language, by its
// code: the bots say it as the web page does (public/js/run-notices.js says why). Every language, English too
// (its `en` entry), is public/i18n/run-notices.json, read as every phrase book is (src/lib/phrase-book.ts).
import { phraseBook } from "../lib/phrase-book";

export { noticeText } from "../../public/js/run-notices.js";

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type RunNoticePhrases = (typeof import("../../public/i18n/run-notices.json"))["en"];

export const runNoticePhrases = phraseBook<RunNoticePhrases>("i18n/run-notices.json");
