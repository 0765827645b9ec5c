// The Learner Durable Object: one per learner (a session, a chat, a course; docs/learning.md), the
// single writer of its attempts and review cards. A learner belongs to the tenant of what it is (its
// session's, its course's, its chat's): every method takes that owner, which the caller has looked up
// and checked (learner-owner.ts), never the tenant that happens to answer. Rows an earlier owner left
// (a session id that lives again under another tenant; answers recorded before owners were checked) are
// dropped the first time the learner is used for its owner. Every method takes the time from the caller
// when given, so a test can move the clock; the routes pass none and the object's clock is used.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { migrate } from "../lib/schema-migrations";
import type { Tenant } from "../lib/tenant";
import type { GradedAnswer } from "./graded-answer";
import { LEARNER_MIGRATIONS } from "./learner-schema";
import { LearnerStore, PROGRESS_DAYS, type Attempt, type Progress, type ProgressWindow, type Review } from "./learner-store";

export class LearnerObject extends DurableObject<Env> {
  private readonly store: LearnerStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, LEARNER_MIGRATIONS);
    this.store = new LearnerStore(ctx.storage.sql);
  }

  /** Records the attempt for the learner's owner. */
  async record(owner: Tenant, attempt: Attempt, now = Date.now()): Promise<void> {
    this.adopt(owner);
    this.store.claim(owner);
    this.store.record(attempt, now);
  }

  async repeated(owner: Tenant, lessonKey: string, exerciseId: string, answer: string, withinMs: number, now = Date.now()): Promise<GradedAnswer | null> {
    this.adopt(owner);
    return this.store.repeated(lessonKey, exerciseId, answer, now - withinMs) ?? null;
  }

  async dueReviews(owner: Tenant, limit: number, now = Date.now()): Promise<Review[]> {
    this.adopt(owner);
    return this.store.dueReviews(now, limit);
  }

  /** `window` as a number: the most weak concepts to list, over the default days back and ahead. */
  async progress(owner: Tenant, window: number | ProgressWindow, now = Date.now()): Promise<Progress> {
    this.adopt(owner);
    return this.store.progress(now, typeof window === "number" ? { maxWeakConcepts: window, ...PROGRESS_DAYS } : window);
  }

  /** The tenant whose answers the learner holds; undefined before any. For a learner whose session is gone. */
  async owner(): Promise<Tenant | undefined> {
    return this.store.owner();
  }

  /** What another tenant left here is not the owner's: it goes. */
  private adopt(owner: Tenant): void {
    const recorded = this.store.owner();
    if (recorded !== undefined && recorded !== owner) this.store.clear();
  }
}

export function learnerStub(env: Env, learnerId: string) {
  return env.LEARNERS.getByName(learnerId);
}
