// A Responses request's `metadata`, within the API's own limits (OpenAI's reference, not this server's
// settings): a client written against OpenAI keeps to them, and one that does not learns it here, not there.
import * as z from "zod";

const MAX_PAIRS = 16;
const MAX_KEY_CHARS = 64;
const MAX_VALUE_CHARS = 512;

export const ResponseMetadata = z.record(z.string(), z.string()).superRefine((metadata, ctx) => {
  const keys = Object.keys(metadata);
  if (keys.length > MAX_PAIRS) ctx.addIssue({ code: "custom", message: `at most ${MAX_PAIRS} key-value pairs (the API's limit); got ${keys.length}` });
  for (const key of keys) {
    if (key.length > MAX_KEY_CHARS)
      ctx.addIssue({ code: "custom", path: [key], message: `the key is ${key.length} characters long; the API's limit is ${MAX_KEY_CHARS}` });
    else if (metadata[key]!.length > MAX_VALUE_CHARS)
      ctx.addIssue({ code: "custom", path: [key], message: `the value is ${metadata[key]!.length} characters long; the API's limit is ${MAX_VALUE_CHARS}` });
  }
});
