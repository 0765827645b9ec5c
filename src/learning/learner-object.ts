// The Learner Durable Object: one per learner (a session, a chat, a course; docs/learning.md), the
// single writer of its attempts and review cards. A learner belongs to the tenant that recorded its
// first answer: for any other tenant it is as good as absent (null). Every method takes the time from
// the caller when given, so a test can move the clock; the routes pass none and the object's clock is used.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { migrate } from "../lib/schema-migrations";
import { mayAccess, type Tenant } from "../lib/tenant";
import type { GradedAnswer } from "./grade";
import { LEARNER_MIGRATIONS } from "./learner-schema";
import { LearnerStore, PROGRESS_DAYS, type Attempt, type Progress, type ProgressWindow, type Review } from "./learner-store";

export class LearnerObject extends DurableObject<Env> {
  private readonly store: LearnerStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, LEARNER_MIGRATIONS);
    this.store = new LearnerStore(ctx.storage.sql);
  }

  /** Records the attempt; false when the learner belongs to another tenant. */
  async record(tenant: Tenant, attempt: Attempt, now = Date.now()): Promise<boolean> {
    if (!this.allowed(tenant)) return false;
    this.store.claim(tenant);
    this.store.record(attempt, now);
    return true;
  }

  async repeated(tenant: Tenant, lessonKey: string, exerciseId: string, answer: string, withinMs: number, now = Date.now()): Promise<GradedAnswer | null> {
    return this.allowed(tenant) ? (this.store.repeated(lessonKey, exerciseId, answer, now - withinMs) ?? null) : null;
  }

  async dueReviews(tenant: Tenant, limit: number, now = Date.now()): Promise<Review[] | null> {
    return this.allowed(tenant) ? this.store.dueReviews(now, limit) : null;
  }

  /** `window` as a number: the most weak concepts to list, over the default days back and ahead. */
  async progress(tenant: Tenant, window: number | ProgressWindow, now = Date.now()): Promise<Progress | null> {
    if (!this.allowed(tenant)) return null;
    return this.store.progress(now, typeof window === "number" ? { maxWeakConcepts: window, ...PROGRESS_DAYS } : window);
  }

  /** A learner with no answers yet is anyone's to start. */
  private allowed(tenant: Tenant): boolean {
    const owner = this.store.owner();
    return owner === undefined || mayAccess(tenant, owner);
  }
}

export function learnerStub(env: Env, learnerId: string) {
  return env.LEARNERS.getByName(learnerId);
}
