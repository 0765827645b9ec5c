// The Learner Durable Object: one per learner (a session, a chat, a course; docs/learning.md), the
// single writer of its attempts and review cards. Every method takes the time from the caller when
// given, so a test can move the clock; the routes pass none and the object's clock is used.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import type { GradedAnswer } from "./grade";
import { LearnerStore, type Attempt, type Progress, type Review } from "./learner-store";

export class LearnerObject extends DurableObject<Env> {
  private readonly store: LearnerStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new LearnerStore(ctx.storage.sql);
  }

  async record(attempt: Attempt, now = Date.now()): Promise<void> {
    this.store.record(attempt, now);
  }

  async repeated(lessonKey: string, exerciseId: string, answer: string, withinMs: number, now = Date.now()): Promise<GradedAnswer | null> {
    return this.store.repeated(lessonKey, exerciseId, answer, now - withinMs) ?? null;
  }

  async dueReviews(limit: number, now = Date.now()): Promise<Review[]> {
    return this.store.dueReviews(now, limit);
  }

  async progress(maxWeakConcepts: number, now = Date.now()): Promise<Progress> {
    return this.store.progress(now, maxWeakConcepts);
  }
}

export function learnerStub(env: Env, learnerId: string) {
  return env.LEARNERS.get(env.LEARNERS.idFromName(learnerId));
}
