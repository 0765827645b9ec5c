// CSRF guard: a state-changing /v1 request with a body must say `Content-Type: application/json`.
// A cross-site page can send text/plain or a form without a CORS preflight; it cannot send JSON
// without one, and the preflight fails (no CORS headers are ever granted). So a body the page could
// smuggle is refused before anything parses it.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError } from "../http-kit/errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The media type without parameters (`application/json; charset=utf-8` → `application/json`). */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return req.body !== null;
}

export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method) && hasBody(c.req.raw) && mediaType(c.req.header("content-type")) !== "application/json") {
    throw new HttpError("unsupported_media_type", "A request with a body must send it as JSON with the header Content-Type: application/json.");
  }
  await next();
};
