// Bearer auth for /v1/*, and who the request acts for (its tenant, see src/lib/tenant.ts).
// - API_TOKEN is the admin key; API_KEYS are tenants' keys. With either set, a valid bearer is required.
// - With neither set the API is closed by default: only clients connected from this machine are answered
//   (local development, as the admin), unless ALLOW_ANONYMOUS=true opens it to everyone. The connection
//   decides, never the Host header: the runtime's CF-Connecting-IP (Cloudflare's edge sets it to the
//   client's address; so does `wrangler dev`, whose miniflare is patched so a client cannot set it itself:
//   patches/miniflare+*.patch). Without it the client's address is unknown, and the API stays closed.
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../lib/http-error";
import { isLoopbackAddress } from "../lib/loopback-address";
import { timingSafeEqualStrings } from "../lib/timing-safe";
import type { Tenant } from "../lib/tenant";
import { matchApiKey } from "./api-keys";
import type { AppEnv } from "../http-kit/app-env";

/** The header the runtime sets to the connecting client's address. */
export const CLIENT_ADDRESS_HEADER = "cf-connecting-ip";

/** True when the runtime says the client connected from this machine, which a deployed Worker's clients never do. */
export const isLoopbackClient = (headers: Headers) => isLoopbackAddress(headers.get(CLIENT_ADDRESS_HEADER) ?? "");

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = c.get("config");
  let tenant: Tenant = null;
  if (config.API_TOKEN || config.API_KEYS.length) {
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    const admin = given !== "" && config.API_TOKEN !== undefined && (await timingSafeEqualStrings(given, config.API_TOKEN));
    const key = given !== "" && !admin ? await matchApiKey(config.API_KEYS, given) : undefined;
    if (!admin && !key) throw new HttpError(401, "unauthorized", "A valid Authorization: Bearer <API_TOKEN or a key of API_KEYS> header is required.");
    tenant = key?.tenant ?? null;
  } else if (!config.ALLOW_ANONYMOUS && !isLoopbackClient(c.req.raw.headers)) {
    throw new HttpError(
      401,
      "api_token_required",
      "No API_TOKEN is set, so this API answers only clients on this machine (loopback connections). Set the secret (`wrangler secret put API_TOKEN`) and send `Authorization: Bearer <API_TOKEN>`, or set ALLOW_ANONYMOUS=true to open it to everyone.",
    );
  }
  c.set("tenant", tenant);
  await next();
};
