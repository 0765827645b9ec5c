// /v1/sessions: create, read, delete, and the audit trace.
import { Hono } from "hono/tiny";
import * as z from "zod";
import { derivedId, reservedIdMessage, reservedKind } from "../lib/derived-ids";
import { sha256Hex } from "../lib/sha256-hex";
import { sessionStub } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError, notFound } from "../http-kit/errors";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { checkMetadata } from "./session-metadata";
import { learnerStub } from "../learning/learner-object";
import { reachableSession } from "../session/reachable-session";
import { Id, parseId, parseJson, parseNoFields, parseNoQuery, parseQuery } from "../http-kit/validation";
import { sessionSettings } from "../session/settings";

const CreateSession = z.strictObject({ id: Id.optional(), metadata: z.record(z.string(), z.unknown()).optional() });
// The queries are strict: a misspelt parameter (`limt`) is a 400 naming it, not a page it did not ask for.
/** Paging of a session's messages (docs/api.md): `before` alone would be ignored, so it needs `limit`. */
const sessionQuery = (maxLimit: number) =>
  z
    .strictObject({
      limit: z.coerce.number().int().min(1).max(maxLimit).optional(),
      before: z.coerce.number().int().min(1).optional(),
    })
    .refine((q) => q.before === undefined || q.limit !== undefined, { message: "before needs limit", path: ["before"] });
const eventsQuery = (maxLimit: number) =>
  z.strictObject({
    after: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(Math.min(100, maxLimit)),
  });

export const sessionRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    parseNoQuery(c);
    const body = await parseJson(c, CreateSession, { optional: true });
    if (body.metadata) checkMetadata(body.metadata, sessionSettings(c.env));
    const tenant = c.get("tenant");
    const idempotencyKey = await idempotencyKeyOf(c);
    // With a key and no id, the key names the session (per tenant): a retry finds the one its first request created.
    const keyed = idempotencyKey !== undefined && body.id === undefined;
    const id = keyed ? derivedId("keyed", (await sha256Hex(JSON.stringify([tenant, idempotencyKey.key]))).slice(0, 32)) : (body.id ?? crypto.randomUUID());
    // A derived id's shape is refused whether or not such a session exists: the caller learns nothing of it.
    const reserved = keyed ? undefined : reservedKind(id);
    if (reserved) throw new HttpError("reserved_id", reservedIdMessage(id, reserved));
    const created = await sessionStub(c.env, id).create(id, body.metadata ?? {}, [], tenant, keyed);
    if (created === "created") return c.json({ id }, 201);
    // A keyed repeat of the same create gets the first answer; without a key an existing session is a conflict.
    if (created === "exists_as_asked" && idempotencyKey) return c.json({ id }, 201, { [REPLAYED_HEADER]: "true" });
    if (keyed) throw new HttpError("idempotency_key_reused", "This Idempotency-Key was used with other metadata; use a new key for a new session.");
    throw new HttpError("conflict", `session ${id} already exists`);
  })
  .get("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    const q = parseQuery(c, sessionQuery(sessionSettings(c.env).SESSION_PAGE_MAX_MESSAGES));
    const view = await (await reachableSession(c.env, id, c.get("tenant"))).view(q.limit ? { limit: q.limit, before: q.before } : undefined);
    if (!view) throw notFound(`session ${id}`);
    // Already JSON: the object splices the stored messages in without parsing them.
    return c.body(view, 200, { "Content-Type": "application/json" });
  })
  .delete("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    parseNoQuery(c);
    await parseNoFields(c);
    const session = await reachableSession(c.env, id, c.get("tenant"));
    const owner = await session.tenant();
    if (owner === undefined || !(await session.destroy())) throw notFound(`session ${id}`);
    // The session's learner (its answers, review cards and progress: docs/learning.md) goes with it.
    await learnerStub(c.env, id).forget(owner);
    return c.body(null, 204);
  })
  .get("/:id/events", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    const q = parseQuery(c, eventsQuery(sessionSettings(c.env).TRACE_PAGE_MAX_EVENTS));
    const events = await (await reachableSession(c.env, id, c.get("tenant"))).events(q.after, q.limit);
    if (!events) throw notFound(`session ${id}`);
    return c.json({ events });
  });
