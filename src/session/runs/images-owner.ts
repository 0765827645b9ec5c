// Whose folder a request's images are stored in: the session's owner. A tenant runs in its own sessions
// only, so its images are its own; the admin (no tenant) may run in a tenant's session on its behalf, and
// that tenant must be served them and show them to its later runs. Every way in that stores images asks here.
import type { Env } from "../../env";
import { sessionStub } from "./start-run";

export async function imagesOwner(env: Env, tenant: string | null, sessionId: string | undefined, imageCount: number): Promise<string | null> {
  if (tenant !== null || sessionId === undefined || imageCount === 0) return tenant;
  return (await sessionStub(env, sessionId).tenant()) ?? null;
}
