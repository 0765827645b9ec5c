// CourseRegistry: one shard of the courses (course-shards.ts picks it by a hash of the course id),
// holding its courses as SQLite rows (course-store.ts). Shards, not one object per course, because the
// scheduler's question is "which courses are due?", which each shard answers with one indexed query
// (next_due_at); not one object for all, so a tick's time and each object's load stay flat as courses
// grow. The heavy work (planning, writing lessons) runs in each course's own sessions, so a shard only
// coordinates and stays light.
//
// Exactly once per course and period: a course and its periods live on one shard, and a tick claims
// (course, period) in that shard's SQLite before starting any work, synchronously, so two ticks (or a
// tick and a retry) cannot both start it. A failure is recorded on the period and the course and taken
// up again by the next tick (the course stays due until its period is done), which redoes only what
// did not get done: a lesson already saved is not written again, a part of a delivery that arrived is
// not sent again. Work a restart interrupted is re-attached by the next tick too (the run itself
// survived in its session). Sending lessons to their targets, late ones too, is lesson-delivery.ts.
import { DurableObject } from "cloudflare:workers";
import { runOutcome } from "../delivery/run-outcome";
import type { Env } from "../env";
import { CodedError } from "../lib/coded-error";
import { refuse, type Outcome } from "../lib/outcome";
import { migrate } from "../lib/schema-migrations";
import { mayAccess, type Tenant } from "../lib/tenant";
import { getLesson, lessonPath, objectKey } from "../lessons/store";
import { runSettings } from "../session/runs/settings";
import { sessionStub, startRun } from "../session/runs/start-run";
import type { IdempotencyKey } from "../lib/idempotency-key";
import type { CourseSpec } from "./course-input";
import { learnerContext } from "../learning/learner-context";
import { lessonRequest, parseSyllabus, syllabusRequest } from "./course-prompts";
import { COURSE_MIGRATIONS } from "./course-schema";
import { CourseStore, type CourseError, type CourseRow, type LessonRow, type PeriodRow, type StoppedTarget } from "./course-store";
import { currentPeriod, nextPeriod, parseCron, periodKey } from "./cron-period";
import { errorMessage } from "../lib/error-message";
import { failureOf, incomplete } from "./course-failure";
import { LessonDelivery, requireLiveTarget } from "./lesson-delivery";
import { indexOldStops, resumeHere, resumeNoted, unreachableKey, type ResumedCourse } from "./chat-resume";

export interface CourseSummary {
  id: string;
  topic: string;
  level: string | null;
  language: string | null;
  cron: string;
  deliver: CourseSpec["deliver"];
  createdAt: string;
  /** planning: the syllabus is not there yet; active: lessons are coming; finished: the syllabus is done. */
  status: "planning" | "active" | "finished";
  lessonCount: number;
  /** 0-based position in the syllabus of the next lesson (= lessons so far). */
  nextIndex: number;
  /** When the next lesson is due (the cron tick at or after it writes it); null while planning, once finished, and with no target left. */
  nextLessonAt: string | null;
  lastError: CourseError | null;
  /** The targets given up for good (chat_unreachable); when every target is, lessons stop (lastError no_reachable_target). */
  stopped: StoppedTarget[];
}

export interface CourseView extends CourseSummary {
  syllabus: string[] | null;
  lessons: Array<Omit<LessonRow, "summary"> & { link: string }>;
  /** The sessions where the syllabus was planned and each lesson written. */
  sessionId: string;
}

/**
 * The session of lesson `n` of a course: its own, so each lesson's context stays small. A retry of a failed
 * run writes in the next fresh one (`retry` 1, 2, …), where nothing of the failed attempt is in its way.
 */
export const lessonSessionId = (courseId: string, n: number, retry = 0) => `${courseId}-lesson-${n}${retry ? `-retry-${retry}` : ""}`;

export class CourseRegistry extends DurableObject<Env> {
  private readonly store: CourseStore;
  private readonly delivery: LessonDelivery;
  /** Courses with planning or a lesson under way in this instance. */
  private readonly busy = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, COURSE_MIGRATIONS);
    this.store = new CourseStore(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
    this.delivery = new LessonDelivery(env, this.store);
  }

  /**
   * Stores the course and starts planning its syllabus. With an Idempotency-Key seen before, nothing new:
   * the course that key created (or a refusal when the key came with another body).
   */
  async create(
    id: string,
    spec: CourseSpec,
    tenant: Tenant,
    idempotencyKey?: IdempotencyKey,
  ): Promise<Outcome<{ id: string; replayed: boolean }, "idempotency_key_reused">> {
    if (idempotencyKey) {
      const earlier = this.store.courseByKey(tenant, idempotencyKey.key);
      if (earlier && earlier.fingerprint !== idempotencyKey.fingerprint)
        return refuse("idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new course.");
      if (earlier) return { ok: true, id: earlier.courseId, replayed: true };
    }
    this.store.insert(id, spec, tenant);
    if (idempotencyKey)
      this.store.rememberKey(tenant, idempotencyKey.key, idempotencyKey.fingerprint, id, Date.now() + runSettings(this.env).IDEMPOTENCY_TTL_MS);
    this.busy.add(id);
    void this.plan(id);
    return { ok: true, id, replayed: false };
  }

  /** The first `limit` courses `caller` may see after `after`, in creation order. */
  async list(caller: Tenant, limit: number, after?: string): Promise<CourseSummary[]> {
    return this.store.courses(caller, limit, after).map((c) => this.summary(c));
  }

  async get(id: string, caller: Tenant): Promise<CourseView | null> {
    const course = this.store.course(id);
    if (!course || !mayAccess(caller, course.tenant)) return null;
    return {
      ...this.summary(course),
      syllabus: course.syllabus,
      lessons: this.store.lessons(id).map(({ summary: _summary, ...l }) => ({ ...l, link: lessonPath(l.key) })),
      sessionId: id,
    };
  }

  /** PATCH {resume: true}: the course's given-up targets get lessons again (course-store.ts resumeTargets); null if unknown. */
  async resume(id: string, caller: Tenant): Promise<CourseView | null> {
    const course = this.store.course(id);
    if (!course || !mayAccess(caller, course.tenant)) return null;
    this.store.resumeTargets(id);
    return this.get(id, caller);
  }

  /** A course gives chat `chat` up: this shard keeps the chat's index entry (chat-resume.ts). */
  async noteUnreachable(chat: string): Promise<void> {
    await this.ctx.storage.put(unreachableKey(chat), true);
  }

  /** The chats are back (a /start's id and @username), asked of their index shard: the courses of any shard that gave one up take it back. */
  async resumeChat(chats: string[]): Promise<ResumedCourse[]> {
    return resumeNoted(this.env, this.ctx.storage, chats);
  }

  /** This shard's part of resumeChat. */
  async resumeChatHere(chat: string): Promise<ResumedCourse[]> {
    return resumeHere(this.store, chat).map((id) => this.summary(this.store.course(id)!));
  }

  /** Deletes the course and its sessions; saved lessons stay in the lesson store. */
  async remove(id: string, caller: Tenant): Promise<boolean> {
    const course = this.store.course(id);
    if (!course || !mayAccess(caller, course.tenant)) return false;
    const count = this.store.lessonCount(id);
    const recorded = this.store.lessonSessions(id);
    if (!this.store.remove(id)) return false;
    // Each lesson's first session too: periods from before sessions were recorded name none.
    const sessions = new Set([id, ...Array.from({ length: count + 1 }, (_, i) => lessonSessionId(id, i + 1)), ...recorded]);
    await Promise.allSettled([...sessions].map((s) => sessionStub(this.env, s).destroy()));
    return true;
  }

  /** The cron tick: starts the work of every due course of this shard; returns the ids it started. */
  async tick(nowMs: number): Promise<string[]> {
    const started: string[] = [];
    await indexOldStops(this.env, this.store, this.ctx.storage.sql).catch((e: unknown) => console.error("noting stopped chats failed", e));
    for (const course of this.store.dueCourses(nowMs)) {
      if (this.busy.has(course.id)) continue;
      if (!course.syllabus) {
        this.busy.add(course.id);
        void this.plan(course.id);
      } else {
        const finished = this.store.lessonCount(course.id) >= course.syllabus.length;
        const start = this.periodOf(course, nowMs);
        if (!start) {
          if (finished) this.store.setNextDue(course.id, null);
          continue;
        }
        if (finished) {
          // Its work is the lessons still undelivered within the bound (the last one's delivery may have failed).
          this.busy.add(course.id);
          void this.deliverLeft(course.id, start);
          started.push(course.id);
          continue;
        }
        const period = periodKey(start);
        const claimed = this.store.claimPeriod(course.id, period);
        if (!claimed) {
          // This period's lesson is done (a registry from before the due index): due again at the next one.
          this.store.setNextDue(course.id, this.nextDue(course, start.getTime()));
          continue;
        }
        this.busy.add(course.id);
        void this.produce(course.id, period, start.getTime(), nowMs);
      }
      started.push(course.id);
    }
    return started;
  }

  /** The start of the course's current period; undefined (and the error recorded) if its schedule cannot be read. */
  private periodOf(course: CourseRow, nowMs: number): Date | undefined {
    try {
      return currentPeriod(parseCron(course.cron), nowMs);
    } catch (e) {
      const message = `the schedule "${course.cron}" cannot be used: ${errorMessage(e)}`;
      this.store.setError(course.id, { code: "schedule_invalid", message, at: new Date(nowMs).toISOString() });
      return undefined;
    }
  }

  /** When the period after the one starting at `periodStartMs` begins; null when the course has no lessons left. */
  private nextDue(course: CourseRow, periodStartMs: number): number | null {
    if (course.syllabus && this.store.lessonCount(course.id) >= course.syllabus.length) return null;
    return nextPeriod(parseCron(course.cron), periodStartMs).getTime();
  }

  private summary(c: CourseRow): CourseSummary {
    const lessonCount = this.store.lessonCount(c.id);
    const status = !c.syllabus ? "planning" : lessonCount >= c.syllabus.length ? "finished" : "active";
    return {
      id: c.id,
      topic: c.topic,
      level: c.level ?? null,
      language: c.language ?? null,
      cron: c.cron,
      deliver: c.deliver,
      createdAt: c.createdAt,
      status,
      lessonCount,
      nextIndex: lessonCount,
      nextLessonAt: status === "active" && c.nextDueAt !== null ? new Date(nextLessonAt(c.cron, c.nextDueAt)).toISOString() : null,
      lastError: c.lastError,
      stopped: c.stopped,
    };
  }

  /** Plans the syllabus in the course's own session (re-attaching to a planning run a restart interrupted). */
  private async plan(id: string): Promise<void> {
    try {
      const course = this.store.course(id);
      if (!course) return;
      const runId = course.syllabusRunId ?? (await this.start(course, id, syllabusRequest(course)));
      this.store.setSyllabusRun(id, runId);
      const outcome = await runOutcome(this.env, id, runId);
      if (!this.store.course(id)) return;
      if (outcome?.run.status !== "completed") throw incomplete("planning the syllabus did not complete", outcome?.run);
      const syllabus = parseSyllabus(outcome.run.output);
      if (syllabus.length === 0) throw new CodedError("syllabus_empty", "the syllabus the agent wrote has no numbered lessons");
      this.store.setSyllabus(id, syllabus);
    } catch (e) {
      if (!this.store.course(id)) return;
      this.store.setSyllabusRun(id, null);
      this.store.setError(id, { ...failureOf(e), at: new Date().toISOString() });
    } finally {
      this.busy.delete(id);
    }
  }

  /** Produces the period's lesson (unless an earlier attempt did) and delivers it; then the course is due at its next period. */
  private async produce(id: string, period: string, periodStartMs: number, nowMs: number): Promise<void> {
    try {
      await this.delivery.deliverLate(id, periodStartMs, period);
      const current = this.store.course(id);
      if (current) requireLiveTarget(current);
      const claimed = this.store.period(id, period)!;
      const lessonNumber = claimed.lessonNumber ?? (await this.writeLesson(id, period, claimed, nowMs));
      if (lessonNumber === undefined) return;
      await this.delivery.deliver(id, period, lessonNumber);
      this.store.finishPeriod(id, period, lessonNumber);
      const course = this.store.course(id);
      if (course) this.store.setNextDue(id, this.nextDue(course, periodStartMs));
    } catch (e) {
      if (!this.store.course(id)) return;
      const failure = failureOf(e);
      this.store.failPeriod(id, period, failure);
      // No lesson is written for nobody: the course is due no more (docs/courses.md#targets-given-up).
      if (failure.code === "no_reachable_target") this.store.setNextDue(id, null);
    } finally {
      this.busy.delete(id);
    }
  }

  /**
   * A finished course's lessons still undelivered within the bound: retried at every tick while the last one's
   * period lasts (as a current lesson is), then at each period's first tick; due no more once none is left.
   */
  private async deliverLeft(id: string, start: Date): Promise<void> {
    try {
      const left = await this.delivery.deliverLate(id, start.getTime());
      const course = this.store.course(id);
      if (!course) return;
      requireLiveTarget(course);
      if (left.length === 0) this.store.setNextDue(id, null);
      else if (!left.some((l) => l.period === periodKey(start))) this.store.setNextDue(id, nextPeriod(parseCron(course.cron), start.getTime()).getTime());
    } catch (e) {
      if (!this.store.course(id)) return;
      this.store.setError(id, { ...failureOf(e), at: new Date().toISOString() });
      this.store.setNextDue(id, null);
    } finally {
      this.busy.delete(id);
    }
  }

  /**
   * Runs the daily-lesson skill for the next lesson (or re-attaches to the period's run a restart
   * interrupted); its number, or undefined if the course went away.
   */
  private async writeLesson(id: string, period: string, claimed: PeriodRow, nowMs: number): Promise<number | undefined> {
    const course = this.store.course(id);
    if (!course?.syllabus) return undefined;
    const taught = this.store.lessons(id);
    const n = taught.length + 1;
    // A run recorded before periods named their sessions is in the lesson's first one.
    const sessionId = claimed.runId ? (claimed.sessions.at(-1) ?? lessonSessionId(id, n)) : this.freshLessonSession(id, n);
    // The course is its learner: answers to its lessons (sessionId = the course id) shape the next one,
    // with the reviews due at the tick's time.
    const learner = claimed.runId ? undefined : await learnerContext(this.env, id, course.tenant, nowMs);
    const runId = claimed.runId ?? (await this.start(course, sessionId, lessonRequest(course, course.syllabus, taught, learner)));
    this.store.setPeriodRun(id, period, runId, sessionId);
    const outcome = await runOutcome(this.env, sessionId, runId);
    if (!this.store.course(id)) return undefined;
    const key = outcome?.lessonKeys.at(-1);
    const saved = key ? await getLesson(this.env.LESSONS, key, null) : null;
    const completed = outcome?.run.status === "completed";
    // A run that failed after saving a final lesson did the work; a draft it left may lack its later
    // parts or repairs, so then the lesson is written again.
    if (!completed && saved?.meta.status !== "final") {
      // The retry writes the lesson afresh in another session, so this run's drafts would stay beside it,
      // unfinished: they go (a final lesson it saved stays), and the retry may take their names.
      for (const k of outcome?.lessonKeys ?? [])
        if ((await getLesson(this.env.LESSONS, k, null))?.meta.status === "draft") await this.env.LESSONS.delete(objectKey(k));
      throw incomplete("the lesson run did not complete", outcome?.run);
    }
    if (!key) throw new CodedError("lesson_not_saved", "the lesson run finished without saving a lesson (no save_document call)");
    const title = saved?.meta.title ?? course.syllabus[taught.length] ?? key;
    // A failed run's output is no summary of the lesson: it is delivered under its heading alone.
    return this.store.addLesson(id, period, { title, key, summary: completed ? outcome.run.output : "" });
  }

  /**
   * The first session of lesson `n` that no run of the course was recorded in: a failed attempt's files (a
   * filename save_document replaces only when told to overwrite) stay out of a new run's way.
   */
  private freshLessonSession(id: string, n: number): string {
    const used = this.store.lessonSessions(id);
    let retry = 0;
    while (used.includes(lessonSessionId(id, n, retry))) retry++;
    return lessonSessionId(id, n, retry);
  }

  /** A delivered lesson's key, with the course's owner and targets: what a chat's "Quiz me" under it needs; null if unknown. */
  async quizLesson(id: string, lessonNumber: number): Promise<{ key: string; tenant: Tenant; deliver: CourseSummary["deliver"] } | null> {
    const course = this.store.course(id);
    const lesson = course && this.store.lessons(id).find((l) => l.number === lessonNumber);
    return course && lesson ? { key: lesson.key, tenant: course.tenant, deliver: course.deliver } : null;
  }

  /** Starts a run of the course in one of its sessions, which belong to the course's tenant; no one watches it. */
  private async start(course: CourseRow, sessionId: string, input: string): Promise<string> {
    const handle = await startRun(this.env, sessionId, input, {
      stream: false,
      paradigm: "react",
      maxSteps: runSettings(this.env).MAX_STEPS,
      channel: "cron",
      tenant: course.tenant,
      unattended: true,
      // A course's session ids are derived from its id (src/lib/derived-ids.ts): no API caller can make one first.
      derivedSession: true,
    });
    // The course's own sessions, without an Idempotency-Key: a refusal fails this attempt, and the tick retries.
    if (!handle.ok) throw new CodedError(handle.code, `the course's run could not start: ${handle.message}`);
    return handle.runId;
  }
}

/**
 * When the next lesson is due: a due time before the current period (a new course's 0, a period left behind)
 * is the current period's start, whose lesson the next tick writes.
 */
function nextLessonAt(cron: string, nextDueAt: number): number {
  try {
    return Math.max(nextDueAt, currentPeriod(parseCron(cron), Date.now()).getTime());
  } catch {
    return nextDueAt;
  }
}
