// Bearer auth for /v1/*, and who the request acts for (its tenant, see src/lib/tenant.ts).
// - API_TOKEN is the admin key; API_KEYS are tenants' keys. With either set, a valid bearer is required.
// - With neither set the API is closed by default: only loopback hosts are answered (local development,
//   as the admin), unless ALLOW_ANONYMOUS=true opens it to everyone.
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../lib/http-error";
import { timingSafeEqualStrings } from "../lib/timing-safe";
import type { Tenant } from "../lib/tenant";
import { matchApiKey } from "../http-kit/api-keys";
import type { AppEnv } from "../http-kit/app-env";
import { httpSettings } from "../http-kit/settings";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the request was addressed to this machine itself, which a deployed Worker never is. */
export const isLoopbackRequest = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = httpSettings(c.env);
  let tenant: Tenant = null;
  if (config.API_TOKEN || config.API_KEYS.length) {
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    const admin = given !== "" && config.API_TOKEN !== undefined && (await timingSafeEqualStrings(given, config.API_TOKEN));
    const key = given !== "" && !admin ? await matchApiKey(config.API_KEYS, given) : undefined;
    if (!admin && !key) throw new HttpError(401, "unauthorized", "A valid Authorization: Bearer <API_TOKEN or a key of API_KEYS> header is required.");
    tenant = key?.tenant ?? null;
  } else if (!config.ALLOW_ANONYMOUS && !isLoopbackRequest(c.req.url)) {
    throw new HttpError(
      401,
      "api_token_required",
      "No API_TOKEN is set, so this API answers only loopback requests. Set the secret (`wrangler secret put API_TOKEN`) and send `Authorization: Bearer <API_TOKEN>`, or set ALLOW_ANONYMOUS=true to open it to everyone.",
    );
  }
  c.set("tenant", tenant);
  await next();
};
