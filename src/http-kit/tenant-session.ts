// A session as the caller's tenant may reach it: another tenant's session is not found, as if absent.
import type { Context } from "hono";
import { notFound } from "../lib/http-error";
import { sessionStub } from "../session/runs/start-run";
import type { AppEnv } from "./app-env";

/** The session's stub; throws 404 when it exists and belongs to another tenant. */
export async function reachableSession(c: Context<AppEnv>, id: string) {
  const stub = sessionStub(c.env, id);
  const caller = c.get("tenant");
  // The admin reaches every session; an absent one is the route's to answer (404, or created by a run).
  if (caller !== null) {
    const owner = await stub.tenant();
    if (owner !== undefined && owner !== caller) throw notFound(`session ${id}`);
  }
  return stub;
}
