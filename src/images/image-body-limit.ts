// MAX_BODY_BYTES on the routes that take images: their base64 images come on top, the rest of the body keeps the
// usual limit. The room for images is MAX_IMAGES of MAX_IMAGE_BYTES (one message's at their largest) for all of
// a request's images together, a re-sent history's included: it bounds the memory a request takes, where
// MAX_REQUEST_IMAGES bounds their number. The stream is cut at the sum of both; once read, a body whose text
// besides its image data URLs is over MAX_BODY_BYTES is still a 413. Each refusal says which limit it was.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http-kit/app-env";
import { errorResponse } from "../http-kit/errors";
import { httpSettings } from "../http-kit/settings";
import { imageSettings } from "./settings";

/** The routes whose bodies may carry images (the run route and the three OpenAI-compatible wires). */
const TAKES_IMAGES = /^\/v1\/(sessions\/[^/]+\/runs|chat\/completions|responses|ui\/chat)$/;
const IMAGE_DATA_URL = /data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=]+/g;

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
      let imageChars = 0;
      for (const m of text.matchAll(IMAGE_DATA_URL)) imageChars += m[0].length;
      if (new TextEncoder().encode(text).byteLength - imageChars > MAX_BODY_BYTES) {
        c.res = tooLarge();
        return;
      }
    }
    await next();
  });
};
