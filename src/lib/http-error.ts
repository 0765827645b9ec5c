// An error a request is refused with: a code of the catalogue (error-codes.ts), which gives its HTTP status
// and the code the wire shows. Routes throw it and the app's onError renders it as {"error": {"code",
// "message"}}. It lives here so routes anywhere need nothing of src/http.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CodedError } from "./coded-error";
import { httpStatus, type ErrorCode } from "./error-codes";
import type { Refusal } from "./outcome";

export class HttpError extends CodedError<ErrorCode> {
  get status(): ContentfulStatusCode {
    return httpStatus(this.code);
  }

  /** A Durable Object's refusal (outcome.ts), as the HTTP error of its code. */
  static of(refusal: Refusal): HttpError {
    return new HttpError(refusal.code, refusal.message);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new HttpError(code, message);
export const notFound = (what: string) => new HttpError("not_found", `${what} not found`);
