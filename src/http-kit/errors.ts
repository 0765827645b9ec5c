// Errors in the contract's shape: {"error": {"code", "message"}}, 4xx for the caller's fault. Every code
// and its status come from the catalogue (src/lib/error-codes.ts).
import type { Context } from "hono";
import * as z from "zod";
import { CodedError } from "../lib/coded-error";
import { ConfigError } from "../lib/config-error";
import { httpStatus, isErrorCode, wireCode, type ErrorCode } from "../lib/error-codes";

export { badRequest, HttpError, notFound } from "../lib/http-error";

/** What a caller learns of an invalid configuration. */
export const CONFIG_INVALID_MESSAGE = "The server's configuration is invalid; its operator's log names the setting.";

/** The error response of `code`: its status, and its code as the wire spells it; `details` add fields beside them. */
export function errorResponse(c: Context, code: ErrorCode, message: string, details: Record<string, unknown> = {}): Response {
  return c.json({ error: { code: wireCode(code), message, ...details } }, httpStatus(code));
}

/**
 * The app's onError: an error whose code is in the catalogue (an HttpError, a ConfigError, a refused
 * answer…) answers that code's status; anything else is our fault (500), logged.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ConfigError) {
    // The caller may be anyone (the check comes before auth, which needs the configuration): the detail,
    // the variables and paths but never their values, goes to the operator's log only.
    console.error(err.message);
    return errorResponse(c, err.code, CONFIG_INVALID_MESSAGE);
  }
  if (err instanceof CodedError && isErrorCode(err.code)) return errorResponse(c, err.code, err.message);
  if (err instanceof z.ZodError) return errorResponse(c, "invalid_request", z.prettifyError(err));
  console.error("unhandled error", err);
  return errorResponse(c, "internal_error", "Something went wrong on our side.");
}
