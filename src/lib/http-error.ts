// An error that carries its HTTP status and the contract's error code; routes throw it and the app's
// onError renders it as {"error": {"code", "message"}}. It lives here so channel routes need nothing of src/http.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const notFound = (what: string) => new HttpError(404, "not_found", `${what} not found`);
