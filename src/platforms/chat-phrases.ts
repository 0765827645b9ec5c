// What the bots themselves say, in the language of the person they talk to: the help, the commands'
// answers, the approval buttons, an MCP server's form, why a message or a file cannot be read, and a
// failure. A Spanish Telegram user read "/stop – stop what I am working on" and "Allow / Deny" in English.
// The language is the platform's for that person (Telegram's language_code, Slack's user locale:
// ChatPlatform.language). Every language, English too (its `en` entry), is a static asset,
// public/i18n/chat-phrases.json, read as src/lib/phrase-book.ts reads every book. A {name} marks where a
// value goes: in couldNotStart, runFailed and formClosed, {reason} is why, by the refusal's or failure's code
// (src/platforms/run-notice-phrases.ts; errorCode with the code for a code it has no phrase for), never the
// service's English message, or runFailedReason; in formNotAccepted, {errors} is each refused field with
// what it takes (formPlease*, a number's formReply*); in noArgument, {does} is one of the does* phrases; in unreadableAttachment, {what} one
// of the attachment* phrases; in formReplyInteger and formReplyNumber, {range} one of the formRange* phrases
// or nothing; lessonRequest is what /lesson <topic> asks the agent, in the person's language so the lesson is
// written in it. Telegram shows a click's answer (click*) up to 200 characters. The words around a lesson's
// exercises and a learner's progress are the learner's book (src/lessons/learner-phrases.ts).
import { phraseBook } from "../lib/phrase-book";

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type ChatPhrases = (typeof import("../../public/i18n/chat-phrases.json"))["en"];

/** The bots' phrases in `language` (the platform's tag for the person), English for none or an unknown one. */
export const chatPhrases = phraseBook<ChatPhrases>("i18n/chat-phrases.json");
