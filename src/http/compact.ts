// POST /v1/sessions/:id/compact: compacts the session's history now and answers the compaction's figures.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError, notFound } from "../http-kit/errors";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { reachableSession } from "../session/reachable-session";
import { parseId, parseNoFields, parseNoQuery } from "../http-kit/validation";

export const compactRoutes = new Hono<AppEnv>().post("/:id/compact", async (c) => {
  const sessionId = parseId(c.req.param("id"), "session id");
  parseNoQuery(c);
  await parseNoFields(c);
  const key = await idempotencyKeyOf(c);
  const outcome = await (await reachableSession(c.env, sessionId, c.get("tenant"))).compact(key);
  if (!outcome.ok) throw outcome.code === "not_found" ? notFound(`session ${sessionId}`) : HttpError.of(outcome);
  const { ok: _ok, replayed, ...compaction } = outcome;
  return c.json(compaction, 200, replayed ? { [REPLAYED_HEADER]: "true" } : {});
});
