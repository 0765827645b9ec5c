// What a run tells the person (why it failed), in their language, by its code: the bots say it as the web page does
// (public/js/run-notices.js holds the English and says why; the other languages are public/i18n/run-notices.json).
import { RUN_NOTICES } from "../../public/js/run-notices.js";
import { phraseBook } from "../lib/phrase-book";

export { noticeText, RUN_NOTICES } from "../../public/js/run-notices.js";

export type RunNoticePhrases = Readonly<Record<string, string>>;

export const runNoticePhrases = phraseBook("i18n/run-notices.json", RUN_NOTICES);
