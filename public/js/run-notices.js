// What a run tells the person, by its code (docs/api.md): why it failed, why a request was refused, and the
// warnings a learner can act on or should know of (an answer cut off, an MCP server's tools left out). The
// web page and the bots say these rather than the server's message, which is English and written for
// developers. English is here; the lesson vocabularies' other languages are /i18n/run-notices.json, read
// as the other phrase books are (src/lib/phrase-book.ts, public/js/i18n.js). A code without a phrase is said
// in the server's own words. {server}: the MCP server a warning names. Plain ESM: the page and the Worker import it.

export const RUN_NOTICES = {
  model_unavailable: "The language model's service is unavailable right now. Please try again in a few minutes.",
  model_rate_limited: "The language model is getting too many requests right now. Please try again in a minute.",
  model_timeout: "The language model took too long to answer. Please try again.",
  model_unreachable: "The language model's server could not be reached. Please try again later.",
  model_auth_failed: "The language model refused this server's key; whoever runs the server needs to fix it.",
  model_bad_response: "The language model sent an answer that could not be read. Please try again.",
  model_stream_cut: "The language model's answer broke off. Please try again.",
  model_not_configured: "This server has no language model set up; whoever runs it needs to configure one.",
  model_error: "The language model refused this request. Please try again, or ask in another way.",
  run_timeout: "This took too long and was stopped. Try asking for something smaller.",
  input_too_long: "Your message is too long. Please send a shorter one.",
  too_many_images: "There are too many photos in this message. Please send fewer.",
  image_too_large: "This photo is too large. Please send a smaller one.",
  unsupported_image: "This file is not a photo that can be read. Please send a JPEG, PNG, WebP or GIF image.",
  vision_unavailable: "The language model here cannot look at photos. Please describe your work in words.",
  internal_error: "Something went wrong on the server. Please try again.",
  // Warnings
  output_truncated: "The answer was cut off at its length limit.",
  mcp_connect_failed: "{server} could not be reached, so this answer was written without its tools.",
  mcp_circuit_open: "{server} keeps failing, so its tools are paused for a while.",
};

/** What to say of `notice` ({code, message, server?}): its phrase in `phrases` (a language's table of RUN_NOTICES), else its own message. */
export function noticeText(notice, phrases = RUN_NOTICES) {
  const code = notice?.code;
  const phrase = typeof code === "string" && Object.hasOwn(phrases, code) ? phrases[code] : undefined;
  // A phrase that names a server is said only of a notice that names one.
  if (phrase === undefined || (phrase.includes("{server}") && typeof notice.server !== "string")) return notice?.message;
  return phrase.replace("{server}", () => notice.server);
}
