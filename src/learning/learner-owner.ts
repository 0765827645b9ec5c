// Whose a learner is, as a caller names it (a session id over HTTP and MCP, a course's id): the tenant of
// the session under that id, which for a course is the course's own session and for a chat the chat's
// first session, both created by the code that derives those ids (src/lib/derived-ids.ts). Never the
// tenant that answers first: a caller that cannot reach the session gets null (404) before anything is
// graded or recorded. The chats name their own learners (they know the owner) and skip this.
import type { Env } from "../env";
import { reservedKind } from "../lib/derived-ids";
import { mayAccess, type Tenant } from "../lib/tenant";
import { sessionStub } from "../session/runs/start-run";
import { learnerStub } from "./learner-object";

/** A learner and the tenant it belongs to. */
export interface LearnerRef {
  id: string;
  owner: Tenant;
}

/**
 * The learner an answer is recorded for. A session that does not exist yet is created (as a run would
 * create it), so the learner is the caller's from its first answer on; or, when answers were recorded
 * for it before (from before learners had sessions, or before a deleted session took its learner along),
 * the tenant's they were recorded for, which another tenant's answer never takes. A derived id is never created this way.
 */
export async function learnerForAnswer(env: Env, caller: Tenant, id: string): Promise<LearnerRef | null> {
  const session = sessionStub(env, id);
  let owner = await session.tenant();
  if (owner === undefined && !reservedKind(id)) {
    const recorded = await learnerStub(env, id).owner();
    if (recorded !== undefined && !mayAccess(caller, recorded)) return null;
    await session.create(id, {}, [], recorded === undefined ? caller : recorded);
    owner = await session.tenant();
  }
  return owner !== undefined && mayAccess(caller, owner) ? { id, owner } : null;
}

/** The learner whose progress and reviews are read: its session's tenant's, or, its session gone, the tenant its answers were recorded for. */
export async function learnerToRead(env: Env, caller: Tenant, id: string): Promise<LearnerRef | null> {
  const owner = (await sessionStub(env, id).tenant()) ?? (await learnerStub(env, id).owner());
  // A learner no one has answered as is empty, whoever asks.
  if (owner === undefined) return { id, owner: caller };
  return mayAccess(caller, owner) ? { id, owner } : null;
}
