// MAX_BODY_BYTES on the routes that take images: their base64 images come on top, the rest of the body keeps the
// usual limit. The room for images is MAX_IMAGES of MAX_IMAGE_BYTES (one message's at their largest) for all of
// a request's images together, a re-sent history's included: it bounds the memory a request takes, where
// MAX_REQUEST_IMAGES bounds their number. The stream is cut at the sum of both; once read, a body whose text
// besides its image data URLs is over MAX_BODY_BYTES is still a 413. Each refusal says which limit it was.
// An image data URL is any string value the decoder reads as one (image-url.ts), however the client's JSON
// spells it: escaped slashes (PHP's json_encode), \u002B for + (.NET), base64 wrapped in lines, any declared type
// or parameter. Each counts at its length in the text, escapes included, so no spelling takes room from the rest.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http-kit/app-env";
import { errorResponse } from "../http-kit/errors";
import { httpSettings } from "../http-kit/settings";
import { isDataUrl } from "./image-url";
import { imageSettings } from "./settings";

/** The routes whose bodies may carry images (the run route and the three OpenAI-compatible wires). */
const TAKES_IMAGES = /^\/v1\/(sessions\/[^/]+\/runs|chat\/completions|responses|ui\/chat)$/;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * The bytes of `text` (a JSON body) that are its image data URLs: the string values (not object keys) that
 * JSON.parse gives as a string the decoder reads as a data URL, each counted as the text spells it, quotes
 * aside. The text is read one string literal at a time, each parsed as JSON (a parsed body has lost its
 * spelling: with \u002B for + an image takes some 8% more text than its value; Hono keeps the text only, so
 * the route parses it anyway); a text that is no JSON counts what it counts, and the route refuses it.
 */
export function imageDataUrlBytes(text: string): number {
  let total = 0;
  for (let open = text.indexOf('"'); open !== -1;) {
    const close = closingQuote(text, open);
    if (close === -1) break;
    // No literal shorter than `data:;base64,` (13 characters) is parsed.
    if (close - open > 13 && !isKey(text, close + 1)) {
      const literal = text.slice(open, close + 1);
      const value = parsedString(literal);
      if (value !== undefined && isDataUrl(value)) total += utf8Bytes(literal) - 2;
    }
    open = text.indexOf('"', close + 1);
  }
  return total;
}

/** The quote that ends the string literal opened at `open` (one not escaped by an odd run of backslashes), or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

/** Whether the literal ending before `at` is an object's key (a colon follows it). */
function isKey(text: string, at: number): boolean {
  while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  return text[at] === ":";
}

function parsedString(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

export const bodyLimitWithImages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { MAX_BODY_BYTES } = httpSettings(c.env);
  const tooLarge = () => errorResponse(c, "body_too_large", `The request body is larger than MAX_BODY_BYTES (${MAX_BODY_BYTES} bytes, images aside).`);
  const images = c.req.method === "POST" && TAKES_IMAGES.test(c.req.path);
  const { MAX_IMAGES, MAX_IMAGE_BYTES } = imageSettings(c.env);
  const allowance = images ? MAX_IMAGES * Math.ceil(MAX_IMAGE_BYTES / 3) * 4 : 0;
  // Past the stream's cut the images may be what is over: the refusal names the room they had.
  const cut = () =>
    images
      ? errorResponse(
          c,
          "body_too_large",
          `The request body is larger than MAX_BODY_BYTES (${MAX_BODY_BYTES} bytes) plus the room for images, MAX_IMAGES × MAX_IMAGE_BYTES (${MAX_IMAGES} × ${MAX_IMAGE_BYTES} bytes, as base64), which all of a request's images share, its earlier messages' too.`,
        )
      : tooLarge();
  return bodyLimit({ maxSize: MAX_BODY_BYTES + allowance, onError: cut })(c, async () => {
    if (images) {
      const text = await c.req.text();
      if (utf8Bytes(text) - imageDataUrlBytes(text) > MAX_BODY_BYTES) {
        c.res = tooLarge();
        return;
      }
    }
    await next();
  });
};
