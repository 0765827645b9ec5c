// A session as a caller's tenant may reach it: another tenant's session is not found, as if absent.
import type { Env } from "../env";
import { notFound } from "../lib/http-error";
import type { Tenant } from "../lib/tenant";
import { sessionStub } from "./runs/start-run";

/** The session's stub; throws 404 when it exists and belongs to another tenant than `caller`. */
export async function reachableSession(env: Env, id: string, caller: Tenant) {
  const stub = sessionStub(env, id);
  // The admin reaches every session; an absent one is the route's to answer (404, or created by a run).
  if (caller !== null) {
    const owner = await stub.tenant();
    if (owner !== undefined && owner !== caller) throw notFound(`session ${id}`);
  }
  return stub;
}
