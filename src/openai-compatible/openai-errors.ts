// Errors on the OpenAI-compatible routes speak OpenAI's shape, {"error": {message, type, param, code}},
// so OpenAI clients raise their usual exceptions. The routes throw HttpErrors like every other route;
// this middleware rewrites the contract's {"error": {code, message}} on the way out, wherever it came
// from (auth, body limit, validation, our own failures).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError } from "../http-kit/errors";
import { httpStatus, isErrorCode, type ErrorCode } from "../lib/error-codes";

/** Paths that answer in OpenAI's wire format; every other /v1 path does too when no route answers it. */
const OPENAI_PATHS = /^\/v1\/(chat\/completions|models|responses)(\/|$)/;

/** An HttpError that names the request field at fault (OpenAI's `param`). */
export class ParamError extends HttpError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly param: string | null,
  ) {
    super(code, message);
  }
}

export function openAIErrorBody(status: number, code: string, message: string, param: string | null = null) {
  // OpenAI answers a bad key with code invalid_api_key; clients look for it.
  const wireCode = status === 401 ? "invalid_api_key" : code;
  // OpenAI's own 429s say `requests` (the request rate) as their type.
  const type =
    status >= 500
      ? "server_error"
      : status === 401
        ? "authentication_error"
        : status === 404
          ? "not_found_error"
          : status === 429
            ? "requests"
            : "invalid_request_error";
  return { error: { message, type, param, code: wireCode } };
}

export const openAIErrorShape: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!OPENAI_PATHS.test(c.req.path) || c.res.status < 400) return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown; message?: unknown; type?: unknown } } | null;
  const err = body?.error;
  if (!err || err.type !== undefined) return;
  const status = c.res.status;
  const headers = new Headers(c.res.headers);
  const param = c.error instanceof ParamError ? c.error.param : null;
  // Unset first: Hono's res setter would otherwise merge the old response's headers into the new one.
  c.res = undefined;
  c.res = new Response(JSON.stringify(openAIErrorBody(status, String(err.code ?? "error"), String(err.message ?? ""), param)), { status, headers });
};

/** A failed run's error as a caller may see it: our own failures say so without their raw text (a stack's wording is for the logs). */
export function publicRunError(error: { code: string; message: string } | undefined): { code: string; message: string } {
  const code = error?.code ?? "run_failed";
  return { code, message: code === "internal_error" ? "Something went wrong on our side." : (error?.message ?? "The run failed.") };
}

/** A failed run's HTTP status: the catalogue's (429 for a rate-limited model), else 502 when the upstream model failed, else 500. */
export function runFailureStatus(code: string): number {
  if (isErrorCode(code)) return httpStatus(code);
  return code.startsWith("model_") ? 502 : 500;
}

/**
 * A run the model could not finish. A rate limit is a 429 with the upstream's Retry-After, which a client
 * should honour and retry; any other failure says not to retry, which would rerun the agent.
 */
export function runFailedResponse(error: { code: string; message: string; retryAfter?: string } | undefined, headers: Record<string, string>): Response {
  const { code, message } = publicRunError(error);
  const status = runFailureStatus(code);
  const retry =
    status === 429 ? { "x-should-retry": "true", ...(error?.retryAfter ? { "retry-after": error.retryAfter } : {}) } : { "x-should-retry": "false" };
  return Response.json(openAIErrorBody(status, code, message), { status, headers: { ...headers, ...retry } });
}
