// What the page a person's browser comes back to after authorizing an MCP server says, in their browser's
// language (Accept-Language, read by src/lib/browser-phrases.ts): the chats send the link in the person's
// language, and the page after it was English. Every language, English too (its `en` entry), is a static asset
// (public/i18n/oauth-callback.json) read as every phrase book is (src/lib/phrase-book.ts). {reason} is the
// authorization server's words.
import { phraseBook } from "../../lib/phrase-book";

/** One language's phrases: the type of the book's English (type-only: the JSON stays out of the bundle). */
export type CallbackPhrases = (typeof import("../../../public/i18n/oauth-callback.json"))["en"];

export const callbackPhrases = phraseBook<CallbackPhrases>("i18n/oauth-callback.json");
