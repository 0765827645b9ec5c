// CORS for browser front ends that call /v1 themselves (CORS_ORIGINS, off by default): a listed origin's
// preflight is answered with the methods and headers the OpenAI clients and this API use, and its requests
// get the CORS headers; any other origin gets none, so the browser keeps its page out. Auth is unchanged:
// the page still sends a bearer token (credentials such as cookies are never allowed).
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../http-kit/app-env";
import { httpSettings } from "../http-kit/settings";
import { REPLAYED_HEADER } from "../http-kit/idempotency-key";

const ALLOW_HEADERS = [
  "Authorization",
  "Content-Type",
  "Idempotency-Key",
  "X-Session-Id",
  "X-Agent-Progress",
  "Last-Event-ID",
  "OpenAI-Organization",
  "OpenAI-Project",
  // The openai package's own headers, sent from a browser too.
  "X-Stainless-Arch",
  "X-Stainless-Helper-Method",
  "X-Stainless-Lang",
  "X-Stainless-OS",
  "X-Stainless-Package-Version",
  "X-Stainless-Retry-Count",
  "X-Stainless-Runtime",
  "X-Stainless-Runtime-Version",
  "X-Stainless-Timeout",
];

/** What a page may read of a reply: the run, the session and how to retry. */
const EXPOSE_HEADERS = ["X-Run-Id", "X-Session-Id", REPLAYED_HEADER, "Retry-After", "X-Should-Retry"];

const allow = cors({
  origin: (origin) => origin,
  allowMethods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
  allowHeaders: ALLOW_HEADERS,
  exposeHeaders: EXPOSE_HEADERS,
  maxAge: 600,
});

export const corsForListedOrigins: MiddlewareHandler<AppEnv> = async (c, next) => {
  const listed = httpSettings(c.env).CORS_ORIGINS;
  const origin = c.req.header("origin");
  if (origin && listed.includes(origin)) return allow(c, next);
  await next();
  // With any origin listed the answer depends on Origin, also when it carries no CORS headers: a cache
  // (the browser's too) must not hand this answer to a listed page, nor a listed page's to anyone else.
  if (listed.length) c.header("Vary", "Origin", { append: true });
};
