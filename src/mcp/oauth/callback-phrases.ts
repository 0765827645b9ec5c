// What the page a person's browser comes back to after authorizing an MCP server says, in their browser's
// language (Accept-Language): the chats send the link in the person's language, and the page after it was
// English. English is built in; the other languages are a static asset read as every phrase book is
// (src/lib/phrase-book.ts). The details an authorization server or the config gives stay in their words.
import { phraseBook } from "../../lib/phrase-book";

export const ENGLISH_CALLBACK_PHRASES = {
  /** {server}. */
  connected: "{server} is connected",
  /** {server}. */
  connectedText: "The MCP server {server} is now authorized. Its tools are available from the next run; you can close this tab.",
  refused: "Authorization refused",
  /** {reason}: the authorization server's words. */
  refusedText: "The server answered: {reason}. Nothing was connected.",
  notAnAnswer: "Not an authorization answer",
  notAnAnswerText: "This address expects code and state from an authorization server.",
  linkNotValid: "Authorization link not valid",
  configInvalid: "The MCP servers' settings are invalid",
  failed: "Authorization failed",
  /** {reason}: why, in the server's words. */
  failedText: "Exchanging the code failed: {reason}",
};

export type CallbackPhrases = typeof ENGLISH_CALLBACK_PHRASES;

export const callbackPhrases = phraseBook("i18n/oauth-callback.json", ENGLISH_CALLBACK_PHRASES);

/** The first language a browser's Accept-Language names (its most preferred), if any. */
export const preferredLanguage = (acceptLanguage: string | undefined): string | undefined => acceptLanguage?.split(",")[0]?.split(";")[0]?.trim() || undefined;
