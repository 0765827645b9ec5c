// Errors in the contract's shape: {"error": {"code", "message"}}, 4xx for the caller's fault.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import { ConfigError } from "../lib/config-error";
import { HttpError } from "../lib/http-error";

export { badRequest, HttpError, notFound } from "../lib/http-error";

/** What a caller learns of an invalid configuration. */
export const CONFIG_INVALID_MESSAGE = "The server's configuration is invalid; its operator's log names the setting.";

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json({ error: { code, message } }, status);
}

/** The app's onError: known errors keep their status; anything else is our fault (500), logged. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) return errorResponse(c, err.status, err.code, err.message);
  if (err instanceof ConfigError) {
    // The caller may be anyone (the check comes before auth, which needs the configuration): the detail,
    // the variables and paths but never their values, goes to the operator's log only.
    console.error(err.message);
    return errorResponse(c, 500, "config_invalid", CONFIG_INVALID_MESSAGE);
  }
  if (err instanceof z.ZodError) return errorResponse(c, 400, "invalid_request", z.prettifyError(err));
  console.error("unhandled error", err);
  return errorResponse(c, 500, "internal_error", "Something went wrong on our side.");
}
