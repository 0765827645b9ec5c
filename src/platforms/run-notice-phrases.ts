// What a run tells the person (why it failed, and the warnings a learner can act on), in their language, by its
// code: the bots say it as the web page does (public/js/run-notices.js says why). Every language, English too
// (its `en` entry), is public/i18n/run-notices.json, read as every phrase book is (src/lib/phrase-book.ts).
// A code without a phrase is said with the bots' errorCode (chat-phrases.json), which names the code, never
// with the message (English, for developers): so say the chats, /v1/ui/chat and MCP study (reasonText).
import { fill, phraseBook } from "../lib/phrase-book";
import { noticeText } from "../../public/js/run-notices.js";
import { chatPhrases } from "./chat-phrases";

export { noticeText };

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type RunNoticePhrases = (typeof import("../../public/i18n/run-notices.json"))["en"];

export const runNoticePhrases = phraseBook<RunNoticePhrases>("i18n/run-notices.json");

type Reason = { code: string; server?: string };

/** Why a refusal or failure happened, by its code: its run-notice phrase, else errorCode with the code; never its message. */
export const reasonText = (o: Reason, say: { errorCode: string }, notices: Readonly<Record<string, string>>) =>
  noticeText({ ...o, message: fill(say.errorCode, { code: o.code }) }, notices)!;

/** What reasonText says a failure with in one language. */
export type FailureWords = { notices: Readonly<Record<string, string>>; errorCode: string };

/** The FailureWords of `language` (a tag; English for an unknown one). */
export const failureWords = async (assets: Parameters<typeof runNoticePhrases>[0], language: string | undefined): Promise<FailureWords> => ({
  notices: await runNoticePhrases(assets, language),
  errorCode: (await chatPhrases(assets, language)).errorCode,
});

/** reasonText for a wire whose client tells failures apart by their code: a phrase has the code after it (errorCode names it already). */
export function codedReasonText(o: Reason, words: FailureWords): string {
  const said = reasonText(o, words, words.notices);
  return said === fill(words.errorCode, { code: o.code }) ? said : `${said} (${o.code})`;
}
