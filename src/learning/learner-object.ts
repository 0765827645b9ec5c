// The Learner Durable Object: one per learner (a session, a chat, a course; docs/learning.md), the
// single writer of its attempts and review cards; it grades each answer itself (answer()), so it sees
// every retry, even one that comes while the first is being graded. A learner belongs to the tenant of
// what it is (its session's, its course's, its chat's): every method takes that owner, which the caller has looked up
// and checked (learner-owner.ts), never the tenant that happens to answer. Rows an earlier owner left
// (a session id that lives again under another tenant; answers recorded before owners were checked) are
// dropped the first time the learner is used for its owner. Every method takes the time from the caller
// when given, so a test can move the clock; the routes pass none and the object's clock is used.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { refuse } from "../lib/outcome";
import { migrate } from "../lib/schema-migrations";
import type { Tenant } from "../lib/tenant";
import { runSettings } from "../session/runs/settings";
import { AnswerKeys } from "./answer-keys";
import { outcomeOf, type AnswerOutcome } from "./answer-outcome";
import { gradeTask, sameAnswerId, type AnswerTask } from "./answer-task";
import { GradingsInFlight } from "./gradings-in-flight";
import { LEARNER_MIGRATIONS } from "./learner-schema";
import { LearnerStore, PROGRESS_DAYS, type Attempt, type LessonNow, type Progress, type ProgressWindow, type Review } from "./learner-store";
import { learningSettings } from "./settings";

export class LearnerObject extends DurableObject<Env> {
  private readonly store: LearnerStore;
  private readonly keys: AnswerKeys;
  private readonly gradings = new GradingsInFlight<AnswerOutcome>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, LEARNER_MIGRATIONS);
    this.store = new LearnerStore(ctx.storage.sql);
    this.keys = new AnswerKeys(ctx.storage.sql);
  }

  /**
   * Grades the answer once and records it for the learner. A client's retry gets the first outcome and
   * nothing is graded or counted again: the same Idempotency-Key within IDEMPOTENCY_TTL_MS, the same answer
   * to the same exercise within ANSWER_REPEAT_WINDOW_MS, or the same answer while it is still being graded
   * (the retry waits for that grading: its result, or its failure, which is not kept).
   */
  async answer(owner: Tenant, task: AnswerTask, now?: number): Promise<AnswerOutcome> {
    const at = now ?? Date.now();
    this.adopt(owner);
    const { idempotencyKey } = task;
    if (idempotencyKey) {
      const kept = this.keys.find(idempotencyKey.key, at);
      if (kept && kept.fingerprint !== idempotencyKey.fingerprint)
        return refuse("idempotency_key_reused", "This Idempotency-Key was sent before with another request.");
      if (kept?.result) return { ok: true, result: kept.result, replayed: true };
      if (!kept) this.keys.reserve(idempotencyKey.key, idempotencyKey.fingerprint, at, runSettings(this.env).IDEMPOTENCY_TTL_MS);
    }
    const repeated = this.store.repeated(task.lessonKey, task.exercise.id, task.answer, at - learningSettings(this.env).ANSWER_REPEAT_WINDOW_MS);
    const { outcome, joined } = repeated
      ? { outcome: Promise.resolve<AnswerOutcome>({ ok: true, result: repeated, replayed: true }), joined: true }
      : this.gradings.join(sameAnswerId(task), () => this.gradeAndRecord(owner, task, now));
    const settled = await outcome;
    if (idempotencyKey) {
      if (settled.ok) this.keys.settle(idempotencyKey.key, settled.result);
      else this.keys.release(idempotencyKey.key);
    }
    return settled.ok ? { ...settled, replayed: joined } : settled;
  }

  /** Records the attempt for the learner's owner. */
  async record(owner: Tenant, attempt: Attempt, now = Date.now()): Promise<void> {
    this.adopt(owner);
    this.store.claim(owner);
    this.store.record(attempt, now);
  }

  async dueReviews(owner: Tenant, limit: number, now = Date.now()): Promise<Review[]> {
    this.adopt(owner);
    return this.store.dueReviews(now, limit);
  }

  async nextDue(owner: Tenant, now = Date.now()): Promise<number | undefined> {
    this.adopt(owner);
    return this.store.nextDue(now);
  }

  /** Drops the review card of an exercise its lesson no longer has (learner-store.ts). */
  async retire(owner: Tenant, lessonKey: string, exerciseId: string): Promise<void> {
    this.adopt(owner);
    this.store.retire(lessonKey, exerciseId);
  }

  /** The lessons of the cards a report counts, with the lesson version each was read from (learner-store.ts). */
  async cardLessons(owner: Tenant, horizon: number, lessons?: readonly string[]): Promise<Array<{ lessonKey: string; etag: string }>> {
    this.adopt(owner);
    return this.store.cardLessons(horizon, lessons);
  }

  /** Brings the cards of lessons saved again (or gone) since their exercises were read up to them. */
  async refresh(owner: Tenant, lessons: LessonNow[]): Promise<void> {
    this.adopt(owner);
    for (const l of lessons) this.store.refresh(l);
  }

  /** `window` as a number: the most weak concepts to list, over the default days back and ahead. */
  async progress(owner: Tenant, window: number | ProgressWindow, now = Date.now()): Promise<Progress> {
    this.adopt(owner);
    return this.store.progress(now, typeof window === "number" ? { maxWeakConcepts: window, ...PROGRESS_DAYS } : window);
  }

  /** Drops what the learner holds for `owner` (its session was deleted, and the learner is the session's). */
  async forget(owner: Tenant): Promise<void> {
    if (this.store.owner() !== owner) return;
    this.store.clear();
    this.keys.clear();
  }

  /** The tenant whose answers the learner holds; undefined before any. For a learner whose session is gone. */
  async owner(): Promise<Tenant | undefined> {
    return this.store.owner();
  }

  /** What another tenant left here is not the owner's: it goes. */
  private adopt(owner: Tenant): void {
    const recorded = this.store.owner();
    if (recorded !== undefined && recorded !== owner) {
      this.store.clear();
      this.keys.clear();
    }
  }

  /** The one grading of an answer; the attempt is recorded as it ends (at the object's clock unless a test gives one). */
  private async gradeAndRecord(owner: Tenant, task: AnswerTask, now: number | undefined): Promise<AnswerOutcome> {
    const outcome = await outcomeOf(gradeTask(this.env, task));
    if (outcome.ok && task.record)
      await this.record(
        owner,
        { lessonKey: task.lessonKey, exercise: task.exercise, answer: task.answer, grade: outcome.result, lessonEtag: task.lessonEtag },
        now,
      );
    return outcome;
  }
}

export function learnerStub(env: Env, learnerId: string) {
  return env.LEARNERS.getByName(learnerId);
}

/**
 * The Learner object that keeps the Idempotency-Keys of a tenant's answers given without a learner: it
 * grades them once but records no attempt. Its name has a "/", which no learner id (no API id) has.
 */
export const unrecordedAnswersId = (tenant: Tenant) => `answers/${tenant ?? ""}`;
