// GET /v1/images/:key: an image a learner sent, for the page to show it again in the conversation. Only the
// caller's tenant's images are found; the bytes are served with their sniffed type and nosniff (app.ts).
import { Hono } from "hono/tiny";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, notFound } from "../http-kit/errors";
import { parseNoQuery } from "../http-kit/validation";
import { isImageKey, readImage } from "./image-store";

export const imageRoutes = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  // A key outside the scheme names no image anyone could have: the caller's mistake (400), as a lesson's is.
  if (!isImageKey(key)) throw badRequest("invalid_id", `invalid image key: ${key.slice(0, 140)}`);
  parseNoQuery(c);
  const image = await readImage(c.env.IMAGES, c.get("tenant"), key);
  if (!image) throw notFound(`image ${key}`);
  return c.body(image.bytes, 200, { "content-type": image.mediaType, "cache-control": "private, max-age=86400" });
});
