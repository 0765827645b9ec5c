// Why a run failed, or a request was refused, in words a learner can act on, by the error's code
// (docs/api.md#errors): the web page and the bots say these rather than the server's message, which is
// English and written for developers. English is here; the lesson vocabularies' other languages are
// /i18n/run-failures.json, read as the other phrase books are (src/lib/phrase-book.ts, public/js/i18n.js).
// A code without a phrase is said in the server's own words. Plain ESM: the page and the Worker import it.

export const RUN_FAILURES = {
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
};

/** What to say of `error` ({code, message}): its phrase in `phrases` (a language's table of RUN_FAILURES), else its own message. */
export function failureText(error, phrases = RUN_FAILURES) {
  const code = error?.code;
  return (typeof code === "string" && Object.hasOwn(phrases, code) ? phrases[code] : undefined) ?? error?.message;
}
