// Why a run failed, in the person's language, by its error's code: the bots say it as the web page does
// (public/js/run-failures.js holds the English and says why; the other languages are public/i18n/run-failures.json).
import { RUN_FAILURES } from "../../public/js/run-failures.js";
import { phraseBook } from "../lib/phrase-book";

export { failureText, RUN_FAILURES } from "../../public/js/run-failures.js";

export type RunFailurePhrases = Readonly<Record<string, string>>;

export const runFailurePhrases = phraseBook("i18n/run-failures.json", RUN_FAILURES);
