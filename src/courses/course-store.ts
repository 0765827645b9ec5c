// The courses' storage in one CourseRegistry shard's SQLite. Three tables:
// - courses: what was asked for (topic, level, schedule, delivery), the planned syllabus, the last error,
//   and next_due_at, the time from which the tick has work for the course (indexed: the tick's query);
// - lessons: the lessons produced so far, in order;
// - periods: one row per course and schedule period, inserted before a lesson's work starts. Its
//   primary key is the idempotency key that keeps a period to one lesson, however often the cron ticks.
import type { Tenant } from "../lib/tenant";
import type { CourseDelivery, DeliveryProgress } from "../delivery/course-delivery";
import type { CourseSpec } from "./course-input";

/** Longest summary kept for a delivery retry; the lesson itself is in R2. */
const MAX_SUMMARY_CHARS = 16_000;

export interface CourseError {
  /** Why, for the page to say in the learner's language (a run's error code, schedule_invalid, …); absent on errors stored before codes were. */
  code?: string;
  message: string;
  at: string;
  /** The period whose lesson failed; absent when planning the syllabus failed. */
  period?: string;
}

/** A target the course gave up for good (its platform said chat_unreachable): no lesson goes there any more. */
export interface StoppedTarget extends CourseError {
  /** The target's key: `platform:to` (`telegram:123`), or the platform's name for the older `deliver` object. */
  target: string;
}

export interface CourseRow extends CourseSpec {
  id: string;
  /** Who created it; its sessions and lessons belong to this tenant too. */
  tenant: Tenant;
  createdAt: string;
  syllabus: string[] | null;
  syllabusRunId?: string;
  lastError: CourseError | null;
  /** From when the tick has work for it (ms); null once its syllabus is done and no lesson is left to send late, or no target is left. */
  nextDueAt: number | null;
  stopped: StoppedTarget[];
}

export interface LessonRow {
  number: number;
  title: string;
  key: string;
  summary: string;
  period: string;
  createdAt: string;
  deliveredAt: string | null;
  /** Why its delivery has not reached every live target yet (the last attempt's first failure); null once it has. */
  deliveryError: CourseError | null;
}

/** running: claimed, work under way; failed: retried at the next tick; done: delivered. */
export interface PeriodRow {
  state: "running" | "failed" | "done";
  attempts: number;
  runId?: string;
  /** The sessions of the period's lesson runs, oldest first; the last is `runId`'s. */
  sessions: string[];
  lessonNumber?: number;
  /** Delivery targets already served ("telegram", "slack"), so a retry does not send twice. */
  delivered: string[];
  /** By target key, how far a delivery that has not served its target yet got, so a retry sends only the rest. */
  progress: Record<string, DeliveryProgress>;
}

type Row = Record<string, SqlStorageValue>;

export class CourseStore {
  constructor(
    private readonly sql: SqlStorage,
    private readonly transaction: <T>(fn: () => T) => T,
  ) {}

  insert(id: string, spec: CourseSpec, tenant: Tenant): void {
    this.sql.exec(
      "INSERT INTO courses (id, topic, level, language, cron, deliver, created_at, tenant) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      id,
      spec.topic,
      spec.level ?? null,
      spec.language ?? null,
      spec.cron,
      JSON.stringify(spec.deliver),
      new Date().toISOString(),
      tenant,
    );
  }

  /** The course an Idempotency-Key of `tenant` created, if the key is still remembered. */
  courseByKey(tenant: Tenant, key: string, now = Date.now()): { courseId: string; fingerprint: string } | undefined {
    this.sql.exec("DELETE FROM idempotency_keys WHERE expires_at <= ?", now);
    const row = this.sql
      .exec<{ course_id: string; fingerprint: string }>("SELECT course_id, fingerprint FROM idempotency_keys WHERE tenant = ? AND key = ?", tenant ?? "", key)
      .toArray()[0];
    return row ? { courseId: row.course_id, fingerprint: row.fingerprint } : undefined;
  }

  rememberKey(tenant: Tenant, key: string, fingerprint: string, courseId: string, expiresAt: number): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO idempotency_keys (tenant, key, fingerprint, course_id, expires_at) VALUES (?, ?, ?, ?, ?)",
      tenant ?? "",
      key,
      fingerprint,
      courseId,
      expiresAt,
    );
  }

  course(id: string): CourseRow | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM courses WHERE id = ?", id).toArray()[0];
    return row ? toCourse(row) : undefined;
  }

  /** The first `limit` courses of `caller` (every one for the admin) placed after `after` (list-page.ts), in creation order. */
  courses(caller: Tenant, limit: number, after = ""): CourseRow[] {
    return this.sql
      .exec<Row>(
        "SELECT * FROM courses WHERE (?1 IS NULL OR tenant = ?1) AND created_at || '~' || id > ?2 ORDER BY created_at, id LIMIT ?3",
        caller,
        after,
        limit,
      )
      .toArray()
      .map(toCourse);
  }

  /** The courses with work at `nowMs` (planning, a period not yet done, a lesson to send late), by the due index. */
  dueCourses(nowMs: number): CourseRow[] {
    return this.sql.exec<Row>("SELECT * FROM courses WHERE next_due_at <= ? ORDER BY next_due_at, id", nowMs).toArray().map(toCourse);
  }

  /** When the tick next has work for the course; null: never (its syllabus is done and delivered, or no target is left). */
  setNextDue(id: string, atMs: number | null): void {
    this.sql.exec("UPDATE courses SET next_due_at = ? WHERE id = ?", atMs, id);
  }

  remove(id: string): boolean {
    return this.transaction(() => {
      const gone = this.sql.exec("DELETE FROM courses WHERE id = ? RETURNING id", id).toArray().length > 0;
      this.sql.exec("DELETE FROM lessons WHERE course_id = ?", id);
      this.sql.exec("DELETE FROM periods WHERE course_id = ?", id);
      return gone;
    });
  }

  setSyllabusRun(id: string, runId: string | null): void {
    this.sql.exec("UPDATE courses SET syllabus_run_id = ? WHERE id = ?", runId, id);
  }

  setSyllabus(id: string, syllabus: string[]): void {
    this.sql.exec("UPDATE courses SET syllabus = ?, last_error = NULL WHERE id = ?", JSON.stringify(syllabus), id);
  }

  setError(id: string, error: CourseError | null): void {
    this.sql.exec("UPDATE courses SET last_error = ? WHERE id = ?", error ? JSON.stringify(error) : null, id);
  }

  lessons(courseId: string): LessonRow[] {
    return this.sql
      .exec<Row>("SELECT * FROM lessons WHERE course_id = ? ORDER BY number", courseId)
      .toArray()
      .map((r) => ({
        number: Number(r.number),
        title: String(r.title),
        key: String(r.lesson_key),
        summary: String(r.summary),
        period: String(r.period),
        createdAt: String(r.created_at),
        deliveredAt: r.delivered_at ? String(r.delivered_at) : null,
        deliveryError: r.delivery_error ? (JSON.parse(String(r.delivery_error)) as CourseError) : null,
      }));
  }

  lessonCount(courseId: string): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lessons WHERE course_id = ?", courseId).one().n;
  }

  /**
   * Claims the course's period for this tick: inserts its row, or takes back a failed one (or a
   * running one that no live worker holds). Undefined when the period's lesson is done.
   */
  claimPeriod(courseId: string, period: string): PeriodRow | undefined {
    const now = new Date().toISOString();
    const inserted = this.sql
      .exec(
        "INSERT INTO periods (course_id, period, state, updated_at) VALUES (?, ?, 'running', ?) ON CONFLICT DO NOTHING RETURNING period",
        courseId,
        period,
        now,
      )
      .toArray();
    if (inserted.length === 0) {
      const row = this.period(courseId, period);
      if (!row || row.state === "done") return undefined;
      if (row.state === "failed")
        this.sql.exec(
          "UPDATE periods SET state = 'running', attempts = attempts + 1, updated_at = ? WHERE course_id = ? AND period = ?",
          now,
          courseId,
          period,
        );
    }
    return this.period(courseId, period);
  }

  period(courseId: string, period: string): PeriodRow | undefined {
    const r = this.sql.exec<Row>("SELECT * FROM periods WHERE course_id = ? AND period = ?", courseId, period).toArray()[0];
    if (!r) return undefined;
    return {
      state: r.state as PeriodRow["state"],
      attempts: Number(r.attempts),
      ...(r.run_id ? { runId: String(r.run_id) } : {}),
      sessions: JSON.parse(String(r.sessions)) as string[],
      ...(r.lesson_number !== null ? { lessonNumber: Number(r.lesson_number) } : {}),
      delivered: JSON.parse(String(r.delivered)) as string[],
      progress: JSON.parse(String(r.delivery_progress)) as Record<string, DeliveryProgress>,
    };
  }

  /** Every session the course's lesson runs were recorded in, over all its periods. */
  lessonSessions(courseId: string): string[] {
    return this.sql
      .exec<{ sessions: string }>("SELECT sessions FROM periods WHERE course_id = ?", courseId)
      .toArray()
      .flatMap((r) => JSON.parse(r.sessions) as string[]);
  }

  /** Records the period's lesson run and, the first time it is named, the session it runs in. */
  setPeriodRun(courseId: string, period: string, runId: string, sessionId: string): void {
    const sessions = this.period(courseId, period)?.sessions ?? [];
    if (sessions.at(-1) !== sessionId) sessions.push(sessionId);
    this.sql.exec(
      "UPDATE periods SET run_id = ?, sessions = ?, updated_at = ? WHERE course_id = ? AND period = ?",
      runId,
      JSON.stringify(sessions),
      new Date().toISOString(),
      courseId,
      period,
    );
  }

  /** Records the period's lesson; returns its number (lessons so far + 1). */
  addLesson(courseId: string, period: string, lesson: { title: string; key: string; summary: string }): number {
    return this.transaction(() => {
      const number = this.lessonCount(courseId) + 1;
      const now = new Date().toISOString();
      this.sql.exec(
        "INSERT INTO lessons (course_id, number, title, lesson_key, summary, period, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        courseId,
        number,
        lesson.title,
        lesson.key,
        lesson.summary.slice(0, MAX_SUMMARY_CHARS),
        period,
        now,
      );
      this.sql.exec("UPDATE periods SET lesson_number = ?, updated_at = ? WHERE course_id = ? AND period = ?", number, now, courseId, period);
      return number;
    });
  }

  /** How far the delivery to `target` got: what reached it so far. */
  setDeliveryProgress(courseId: string, period: string, target: string, progress: DeliveryProgress): void {
    const row = this.period(courseId, period);
    if (!row) return;
    this.sql.exec(
      "UPDATE periods SET delivery_progress = ? WHERE course_id = ? AND period = ?",
      JSON.stringify({ ...row.progress, [target]: progress }),
      courseId,
      period,
    );
  }

  markDelivered(courseId: string, period: string, target: string): void {
    const row = this.period(courseId, period);
    if (!row || row.delivered.includes(target)) return;
    this.sql.exec("UPDATE periods SET delivered = ? WHERE course_id = ? AND period = ?", JSON.stringify([...row.delivered, target]), courseId, period);
  }

  /** The lesson reached every live target: its period is done; for the current period's lesson (`current`), the course's last error is over too. */
  finishPeriod(courseId: string, period: string, lessonNumber: number, current = true): void {
    this.transaction(() => {
      const now = new Date().toISOString();
      this.sql.exec("UPDATE periods SET state = 'done', error = NULL, updated_at = ? WHERE course_id = ? AND period = ?", now, courseId, period);
      this.sql.exec("UPDATE lessons SET delivered_at = ?, delivery_error = NULL WHERE course_id = ? AND number = ?", now, courseId, lessonNumber);
      if (current) this.sql.exec("UPDATE courses SET last_error = NULL WHERE id = ?", courseId);
    });
  }

  setDeliveryError(courseId: string, lessonNumber: number, error: CourseError): void {
    this.sql.exec("UPDATE lessons SET delivery_error = ? WHERE course_id = ? AND number = ?", JSON.stringify(error), courseId, lessonNumber);
  }

  /** Gives the target up for good (once). */
  stopTarget(courseId: string, stopped: StoppedTarget): void {
    const course = this.course(courseId);
    if (!course || course.stopped.some((s) => s.target === stopped.target)) return;
    this.sql.exec("UPDATE courses SET stopped = ? WHERE id = ?", JSON.stringify([...course.stopped, stopped]), courseId);
  }

  /**
   * Takes the given-up targets `keys` back, every one without (PATCH resume). A course that had stopped for want of a
   * target is due at once, so the next tick does its current period only (late lessons within their bound, then this
   * period's), and its no_reachable_target is over; one that went on with other targets keeps its schedule.
   * Idempotent: a course with nothing stopped is left as it is.
   */
  resumeTargets(courseId: string, keys?: string[]): void {
    this.sql.exec(
      "UPDATE courses SET next_due_at = IFNULL(next_due_at, 0), last_error = IIF(json_extract(last_error, '$.code') IS 'no_reachable_target', NULL, last_error), " +
        "stopped = (SELECT json_group_array(value) FROM json_each(stopped) WHERE ?2 NOT NULL AND value->>'target' NOT IN (SELECT value FROM json_each(?2))) WHERE id = ?1 AND stopped <> '[]'",
      courseId,
      // Without keys, no stopped entry is kept.
      keys ? JSON.stringify(keys) : null,
    );
  }

  /**
   * The courses with a stopped target that may be in chat `chat` (chatKeyOf `platform:id`): one of the platform's, with
   * the chat's digits in the stopped targets or the delivery (the older `deliver` object's key is the platform's name).
   * A superset, filtered in SQL without loading the rest; the caller checks each target (chat-resume.ts).
   */
  coursesStoppedIn(chat: string): CourseRow[] {
    const [platform, id] = chat.split(/:-?/, 2);
    return this.sql
      .exec<Row>("SELECT * FROM courses WHERE stopped LIKE ? AND stopped || deliver LIKE ?", `%"target":"${platform}%`, `%${id}%`)
      .toArray()
      .map(toCourse);
  }

  failPeriod(courseId: string, period: string, { code, message }: { code: string; message: string }): void {
    const at = new Date().toISOString();
    this.transaction(() => {
      // A failed run is not resumed: the retry starts a new one.
      this.sql.exec(
        "UPDATE periods SET state = 'failed', run_id = NULL, error = ?, updated_at = ? WHERE course_id = ? AND period = ?",
        message,
        at,
        courseId,
        period,
      );
      this.setError(courseId, { code, message, at, period });
    });
  }
}

function toCourse(r: Row): CourseRow {
  return {
    id: String(r.id),
    tenant: r.tenant === null || r.tenant === undefined ? null : String(r.tenant),
    topic: String(r.topic),
    ...(r.level ? { level: String(r.level) } : {}),
    ...(r.language ? { language: String(r.language) } : {}),
    cron: String(r.cron),
    deliver: JSON.parse(String(r.deliver)) as CourseDelivery,
    createdAt: String(r.created_at),
    syllabus: r.syllabus ? (JSON.parse(String(r.syllabus)) as string[]) : null,
    ...(r.syllabus_run_id ? { syllabusRunId: String(r.syllabus_run_id) } : {}),
    lastError: r.last_error ? (JSON.parse(String(r.last_error)) as CourseError) : null,
    nextDueAt: r.next_due_at === null || r.next_due_at === undefined ? null : Number(r.next_due_at),
    stopped: JSON.parse(String(r.stopped)) as StoppedTarget[],
  };
}
