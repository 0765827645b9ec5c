// Bearer auth for /v1/*. With API_TOKEN (or API_KEYS) set, a valid bearer is required. With neither set the
// API is closed by default: only loopback hosts are answered (local development), unless ALLOW_ANONYMOUS=true.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { HttpError } from "./errors";
import { timingSafeEqualStrings } from "../lib/timing-safe";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the request was addressed to this machine itself, which a deployed Worker never is. */
export const isLoopbackRequest = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = c.get("config");
  const token = config.API_TOKEN;
  if (token) {
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!given || !(await timingSafeEqualStrings(given, token))) {
      throw new HttpError(401, "unauthorized", "A valid Authorization: Bearer <API_TOKEN> header is required.");
    }
  } else if (!config.ALLOW_ANONYMOUS && !isLoopbackRequest(c.req.url)) {
    throw new HttpError(
      401,
      "api_token_required",
      "No API_TOKEN is set, so this API answers only loopback requests. Set the secret (`wrangler secret put API_TOKEN`) and send `Authorization: Bearer <API_TOKEN>`, or set ALLOW_ANONYMOUS=true to open it to everyone.",
    );
  }
  await next();
};
