// MAX_BODY_BYTES on the routes that take images: their base64 images come on top (at most MAX_IMAGES of
// MAX_IMAGE_BYTES each), the rest of the body keeps the usual limit. The stream is cut at the sum of both;
// once read, a body whose text besides its image data URLs is over MAX_BODY_BYTES is still a 413.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http-kit/app-env";
import { errorResponse } from "../http-kit/errors";

/** The routes whose bodies may carry images (the run route and the three OpenAI-compatible wires). */
const TAKES_IMAGES = /^\/v1\/(sessions\/[^/]+\/runs|chat\/completions|responses|ui\/chat)$/;
const IMAGE_DATA_URL = /data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=]+/g;

export const bodyLimitWithImages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = c.get("config");
  const tooLarge = () =>
    errorResponse(c, 413, "body_too_large", `The request body is larger than MAX_BODY_BYTES (${config.MAX_BODY_BYTES} bytes, images aside).`);
  const images = c.req.method === "POST" && TAKES_IMAGES.test(c.req.path);
  const allowance = images ? config.MAX_IMAGES * Math.ceil(config.MAX_IMAGE_BYTES / 3) * 4 : 0;
  return bodyLimit({ maxSize: config.MAX_BODY_BYTES + allowance, onError: tooLarge })(c, async () => {
    if (images) {
      const text = await c.req.text();
      let imageChars = 0;
      for (const m of text.matchAll(IMAGE_DATA_URL)) imageChars += m[0].length;
      if (new TextEncoder().encode(text).byteLength - imageChars > config.MAX_BODY_BYTES) {
        c.res = tooLarge();
        return;
      }
    }
    await next();
  });
};
