// What a run tells the person, by its code (docs/api.md): why it failed, why a request was refused, and the
// warnings a learner can act on or should know of (an answer cut off, an MCP server's tools left out). The
// web page and the bots say these rather than the server's message, which is English and written for
// developers. Every language's phrases, English too (its `en` entry), are /i18n/run-notices.json, read as
// the other phrase books are (src/lib/phrase-book.ts, public/js/i18n.js), so none is in the Worker's bundle.
// noticeText says a code without a phrase in the server's own words, as the bots do; the page names the code
// instead (i18n.js failure()). {server}: the MCP server a warning names. Plain ESM: the page and the Worker
// import it.

/** What to say of `notice` ({code, message, server?}): its phrase in `phrases` (a language's table of run-notices.json, by code), else its own message. */
export function noticeText(notice, phrases) {
  const code = notice?.code;
  const phrase = typeof code === "string" && Object.hasOwn(phrases, code) ? phrases[code] : undefined;
  // A phrase that names a server is said only of a notice that names one.
  if (phrase === undefined || (phrase.includes("{server}") && typeof notice.server !== "string")) return notice?.message;
  return phrase.replace("{server}", () => notice.server);
}
