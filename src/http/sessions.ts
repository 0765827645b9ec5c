// /v1/sessions: create, read, delete, and the audit trace.
import { Hono } from "hono";
import * as z from "zod";
import { reservedKind } from "../lib/derived-ids";
import { reservedIdError, sessionStub } from "../session/runs/start-run";
import type { AppEnv } from "../http-kit/app-env";
import { HttpError, notFound } from "../http-kit/errors";
import { checkMetadata } from "./session-metadata";
import { reachableSession } from "../http-kit/tenant-session";
import { Id, parseId, parseJson, parseQuery } from "../http-kit/validation";

const CreateSession = z.strictObject({ id: Id.optional(), metadata: z.record(z.string(), z.unknown()).optional() });
/** Paging of a session's messages (docs/api.md): `before` alone would be ignored, so it needs `limit`. */
const sessionQuery = (maxLimit: number) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(maxLimit).optional(),
      before: z.coerce.number().int().min(1).optional(),
    })
    .refine((q) => q.before === undefined || q.limit !== undefined, { message: "before needs limit", path: ["before"] });
const EventsQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const sessionRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const body = await parseJson(c, CreateSession, { optional: true });
    if (body.metadata) checkMetadata(body.metadata, c.get("config"));
    const id = body.id ?? crypto.randomUUID();
    // A derived id's shape is refused whether or not such a session exists: the caller learns nothing of it.
    if (reservedKind(id)) throw reservedIdError(id);
    if (!(await sessionStub(c.env, id).create(id, body.metadata ?? {}, [], c.get("tenant"))))
      throw new HttpError(409, "conflict", `session ${id} already exists`);
    return c.json({ id }, 201);
  })
  .get("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    const q = parseQuery(c, sessionQuery(c.get("config").SESSION_PAGE_MAX_MESSAGES));
    const view = await (await reachableSession(c, id)).view(q.limit ? { limit: q.limit, before: q.before } : undefined);
    if (!view) throw notFound(`session ${id}`);
    // Already JSON: the object splices the stored messages in without parsing them.
    return c.body(view, 200, { "Content-Type": "application/json" });
  })
  .delete("/:id", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    if (!(await (await reachableSession(c, id)).destroy())) throw notFound(`session ${id}`);
    return c.body(null, 204);
  })
  .get("/:id/events", async (c) => {
    const id = parseId(c.req.param("id"), "session id");
    const q = parseQuery(c, EventsQuery);
    const events = await (await reachableSession(c, id)).events(q.after, q.limit);
    if (!events) throw notFound(`session ${id}`);
    return c.json({ events });
  });
