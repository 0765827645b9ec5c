// /v1/sessions: create, read, delete, and the audit trace.
import { Hono } from "hono";
import * as z from "zod";
import { reservedIdMessage, reservedKind } from "../lib/derived-ids";
import { sessionStub } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError, notFound } from "../http-kit/errors";
import { checkMetadata } from "./session-metadata";
import { reachableSession } from "../session/reachable-session";
import { Id, parseId, parseJson, parseQuery } from "../http-kit/validation";
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
    const body = await parseJson(c, CreateSession, { optional: true });
    if (body.metadata) checkMetadata(body.metadata, sessionSettings(c.env));
    const id = body.id ?? crypto.randomUUID();
    // A derived id's shape is refused whether or not such a session exists: the caller learns nothing of it.
    const reserved = reservedKind(id);
    if (reserved) throw new HttpError("reserved_id", reservedIdMessage(id, reserved));
    const created = await sessionStub(c.env, id).create(id, body.metadata ?? {}, [], c.get("tenant"));
    if (!created) throw new HttpError("conflict", `session ${id} already exists`);
    return c.json({ id }, 201);
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
    if (!(await (await reachableSession(c.env, id, c.get("tenant"))).destroy())) throw notFound(`session ${id}`);
    return c.body(null, 204);
  })
  .get("/:id/events", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    const q = parseQuery(c, eventsQuery(sessionSettings(c.env).TRACE_PAGE_MAX_EVENTS));
    const events = await (await reachableSession(c.env, id, c.get("tenant"))).events(q.after, q.limit);
    if (!events) throw notFound(`session ${id}`);
    return c.json({ events });
  });
