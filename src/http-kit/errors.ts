// Errors in the contract's shape: {"error": {"code", "message"}}, 4xx for the caller's fault. Every code
// and its status come from the catalogue (src/lib/error-codes.ts).
import type { Context } from "hono";
import * as z from "zod";
import { CodedError } from "../lib/coded-error";
import { httpStatus, isErrorCode, wireCode, type ErrorCode } from "../lib/error-codes";

export { badRequest, HttpError, notFound } from "../lib/http-error";

/** The error response of `code`: its status, and its code as the wire spells it; `details` add fields beside them. */
export function errorResponse(c: Context, code: ErrorCode, message: string, details: Record<string, unknown> = {}): Response {
  return c.json({ error: { code: wireCode(code), message, ...details } }, httpStatus(code));
}

/**
 * The app's onError: an error whose code is in the catalogue (an HttpError, a ConfigError, a refused
 * answer…) answers that code's status; anything else is our fault (500), logged.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof CodedError && isErrorCode(err.code)) return errorResponse(c, err.code, err.message);
  if (err instanceof z.ZodError) return errorResponse(c, "invalid_request", z.prettifyError(err));
  console.error("unhandled error", err);
  return errorResponse(c, "internal_error", "Something went wrong on our side.");
}
