// The Idempotency-Key header: a client's name for one request, so that sending it again returns the first
// answer instead of doing the work twice. The fingerprint (method, path, body) tells a true repeat from
// the same key reused for another request.
import type { Context, MiddlewareHandler } from "hono";
import { badRequest } from "../lib/http-error";
import { sha256Hex } from "../lib/sha256-hex";
import type { IdempotencyKey } from "../lib/idempotency-key";
import type { AppEnv } from "./app-env";

/** Printable ASCII, as the IETF draft and Stripe allow; long enough for a UUID with a prefix. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header; 400 when it is malformed. */
function keyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key !== undefined && !KEY.test(key))
    throw badRequest("invalid_idempotency_key", "Idempotency-Key must be 1–255 printable ASCII characters without spaces.");
  return key;
}

/**
 * On every /v1 route (app.ts), so none takes a malformed key silently. A well-formed one passes where no
 * route keeps it (SDKs send one on every request): those routes are idempotent by nature (docs/api.md#idempotency).
 */
export const checkIdempotencyKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  keyOf(c);
  await next();
};

/** The request's Idempotency-Key and fingerprint; undefined without the header; 400 when it is malformed. */
export async function idempotencyKeyOf(c: Context<AppEnv>): Promise<IdempotencyKey | undefined> {
  const key = keyOf(c);
  if (key === undefined) return undefined;
  const fingerprint = await sha256Hex(JSON.stringify([c.req.method, c.req.path, c.req.header("x-session-id") ?? null, await c.req.text()]));
  return { key, fingerprint };
}

/** Tells the client its request was a repeat answered with the earlier result. */
export const REPLAYED_HEADER = "idempotent-replayed";
