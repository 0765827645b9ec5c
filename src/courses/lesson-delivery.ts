// Delivering a course's lessons to its targets, for one CourseRegistry shard: each target on its own, never
// twice per period (the period's record), earlier lessons that missed their period sent late within
// COURSE_LATE_LESSON_DAYS, and a target whose chat cannot be reached until a person acts given up for good
// (docs/courses.md#targets-given-up).
import { courseTargets, deliverLesson, type DeliveryProgress } from "../delivery/course-delivery";
import type { Env } from "../env";
import { quizOffer } from "../learning/chat-quiz";
import { learnerPhrases } from "../lessons/learner-phrases";
import { getLesson } from "../lessons/store";
import { readLesson } from "../lessons/validator";
import { CodedError } from "../lib/coded-error";
import { fill } from "../lib/phrase-book";
import { failureOf } from "./course-failure";
import { noteUnreachable } from "./chat-resume";
import type { CourseRow, CourseStore, LessonRow } from "./course-store";
import { courseSettings } from "./settings";

export class LessonDelivery {
  constructor(
    private readonly env: Env,
    private readonly store: CourseStore,
  ) {}

  /**
   * Earlier lessons whose delivery did not succeed within their period go first, to the targets they have not
   * reached (their period's record: never twice), while that period began at most COURSE_LATE_LESSON_DAYS
   * before this one (`current`, whose own lesson is not among them). A failure stays on the lesson
   * (deliveryError) and does not hold up this period's lesson. Returns those still undelivered. Without a
   * current lesson (a finished course), the latest lesson's arrival ends the course's lastError too.
   */
  async deliverLate(id: string, periodStartMs: number, current?: string): Promise<LessonRow[]> {
    const since = periodStartMs - courseSettings(this.env).COURSE_LATE_LESSON_DAYS * 86_400_000;
    const lessons = this.store.lessons(id);
    const left: LessonRow[] = [];
    for (const l of lessons) {
      if (l.deliveredAt || l.period === current || Date.parse(l.period) < since) continue;
      try {
        await this.deliver(id, l.period, l.number);
        this.store.finishPeriod(id, l.period, l.number, !current && l === lessons.at(-1));
      } catch {
        // A target's failure is on the lesson (deliver()); the next tick tries again while the bound allows.
        left.push(l);
      }
    }
    return left;
  }

  /** Sends the lesson, with "Quiz me" when it has exercises, to each of the course's targets not yet served for this period. */
  async deliver(id: string, period: string, lessonNumber: number): Promise<void> {
    const course = this.store.course(id);
    const lesson = this.store.lessons(id).find((l) => l.number === lessonNumber);
    if (!course || !lesson) return;
    // Headed in the lesson's language (that of its headings), as its quiz offer is; read from the lesson itself,
    // since a lesson without exercises has none to carry it.
    const saved = await getLesson(this.env.LESSONS, lesson.key, course.tenant);
    const say = await learnerPhrases(this.env.ASSETS, (saved && readLesson(saved.markdown).tag) ?? course.language);
    const heading = fill(course.syllabus ? say.courseLessonOf : say.courseLesson, {
      topic: course.topic,
      n: lesson.number,
      total: course.syllabus?.length ?? 0,
      title: lesson.title,
    });
    const text = `${heading}\n\n${lesson.summary}`.trim();
    const offer = await quizOffer(this.env, lesson.key, course.tenant, { kind: "course", courseId: id, lesson: lesson.number });
    const done = this.store.period(id, period);
    // Each target on its own: a chat that blocked the bot must not keep the lesson from the others. The first
    // failure stays on the lesson; the first that a retry may cure is the period's (the next tick retries the
    // targets not served). A chat the bot cannot reach until a person acts is given up instead of retried.
    let failure: unknown;
    let retry: unknown;
    for (const t of courseTargets(course.deliver)) {
      if (done?.delivered.includes(t.key) || isStopped(course, t.key)) continue;
      const record = (progress: DeliveryProgress) => this.store.setDeliveryProgress(id, period, t.key, progress);
      try {
        await deliverLesson(this.env, this.env.LESSONS, t, { text, lessonKey: lesson.key, offer }, done?.progress[t.key], record);
        this.store.markDelivered(id, period, t.key);
      } catch (e) {
        failure ??= e;
        if (e instanceof CodedError && e.code === "chat_unreachable") {
          // Noted first where the chat's /start looks (chat-resume.ts); a target it could not note is retried, not given up.
          try {
            await noteUnreachable(this.env, t.chat);
            this.store.stopTarget(id, { target: t.key, ...failureOf(e), at: new Date().toISOString() });
          } catch (noting) {
            retry ??= noting;
          }
        } else retry ??= e;
      }
    }
    if (!failure) return;
    this.store.setDeliveryError(id, lesson.number, { ...failureOf(failure), at: new Date().toISOString(), period });
    requireLiveTarget(this.store.course(id) ?? course);
    if (retry) throw retry;
  }
}

const isStopped = (course: CourseRow, key: string) => course.stopped.some((s) => s.target === key);

/** Throws no_reachable_target when every target the course names was given up: a lesson would reach nobody. */
export function requireLiveTarget(course: CourseRow): void {
  const targets = courseTargets(course.deliver);
  if (targets.length > 0 && targets.every((t) => isStopped(course, t.key)))
    throw new CodedError(
      "no_reachable_target",
      `no target of the course can be reached (${course.stopped.map((s) => `${s.target}: ${s.code}`).join(", ")}); once the bot can reach one again, resume it with PATCH /v1/courses/:id {"resume": true}`,
    );
}
