// The memory of one learner, in its Durable Object's SQLite: every attempt with its verdict and time,
// and per exercise a review card (review-schedule.ts) with the exercise itself and the version of the
// lesson it was read from, so reviews and weak concepts are counted here once the cards are brought up
// to their lessons (refresh; current-progress.ts). Times are epoch milliseconds passed in by the caller (the clock is
// the object's, or a test's).
import type { Tenant } from "../lib/tenant";
import type { Concept, Exercise } from "../lessons/exercises";
import type { GradedAnswer, Verdict } from "./graded-answer";
import { reviewed, type ReviewCard } from "./review-schedule";

export interface Attempt {
  lessonKey: string;
  exercise: Exercise;
  answer: string;
  grade: GradedAnswer;
  /** The version (R2 etag) of the lesson the exercise was read from, when known. */
  lessonEtag?: string;
}

/** A lesson as it is now, for its cards (current-progress.ts): its version and the exercises that can be asked; null when gone. */
export interface LessonNow {
  lessonKey: string;
  now: { etag: string; exercises: Exercise[] } | null;
}

export interface Review {
  lessonKey: string;
  exercise: Exercise;
  due: string;
  lastVerdict: Verdict;
}

export interface LessonProgress {
  lessonKey: string;
  answered: number;
  correct: number;
  accuracy: number;
  /** Distinct exercises answered at least once. */
  exercises: number;
  lastAnsweredAt: string;
}

export interface WeakConcept extends Concept {
  lessonKey: string;
  /** Exercises about it whose latest answer was not correct. */
  misses: number;
}

/** One UTC day's answers. */
export interface DayOfAnswers {
  /** YYYY-MM-DD (UTC). */
  day: string;
  answered: number;
  correct: number;
}

/** Reviews falling due on one UTC day (the first day counts those overdue too). */
export interface DayOfReviews {
  day: string;
  due: number;
}

export interface Progress {
  answered: number;
  correct: number;
  accuracy: number;
  streakDays: number;
  dueReviews: number;
  byLesson: LessonProgress[];
  weakConcepts: WeakConcept[];
  /** The last `days` UTC days up to today, oldest first, days without answers included. */
  daily: DayOfAnswers[];
  /** Today and the next days (`ahead` in all): reviews the FSRS schedule has due on each. */
  reviewsAhead: DayOfReviews[];
}

/** The days a progress report covers unless asked for others: a month back, a week ahead. */
export const PROGRESS_DAYS = { days: 30, ahead: 7 } as const;

/** What a progress report covers: its days back and ahead, and optionally only some lessons (a course's). */
export interface ProgressWindow {
  maxWeakConcepts: number;
  days: number;
  ahead: number;
  lessons?: readonly string[];
}

type Row = Record<string, SqlStorageValue>;

export const DAY_MS = 86_400_000;

export class LearnerStore {
  /** The tables are the object's versioned schema (learner-schema.ts), migrated before the store opens them. */
  constructor(private readonly sql: SqlStorage) {}

  /** The tenant whose answers the learner holds (learner-object.ts); undefined before any. */
  owner(): Tenant | undefined {
    const row = this.sql.exec<Row>("SELECT tenant FROM owner").toArray()[0];
    return row ? (typeof row.tenant === "string" ? row.tenant : null) : undefined;
  }

  claim(tenant: Tenant): void {
    this.sql.exec("INSERT OR IGNORE INTO owner (id, tenant) VALUES (1, ?)", tenant);
  }

  /** Forgets every attempt, card and the owner: the learner starts again. */
  clear(): void {
    this.sql.exec("DELETE FROM attempts");
    this.sql.exec("DELETE FROM cards");
    this.sql.exec("DELETE FROM owner");
  }

  /** Stores the attempt and moves the exercise's review card. */
  record(a: Attempt, now: number): void {
    const { grade } = a;
    this.sql.exec(
      "INSERT INTO attempts (lesson_key, exercise_id, answer, verdict, score, result, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      a.lessonKey,
      a.exercise.id,
      a.answer,
      grade.verdict,
      grade.score,
      JSON.stringify(grade),
      now,
    );
    const row = this.sql.exec<Row>("SELECT card FROM cards WHERE lesson_key = ? AND exercise_id = ?", a.lessonKey, a.exercise.id).toArray()[0];
    const card = reviewed(row ? (JSON.parse(String(row.card)) as ReviewCard) : undefined, grade.verdict, new Date(now));
    this.sql.exec(
      `INSERT INTO cards (lesson_key, exercise_id, exercise, card, due, last_verdict, lesson_etag) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (lesson_key, exercise_id) DO UPDATE SET exercise = excluded.exercise, card = excluded.card, due = excluded.due,
       last_verdict = excluded.last_verdict, lesson_etag = excluded.lesson_etag`,
      a.lessonKey,
      a.exercise.id,
      JSON.stringify(a.exercise),
      JSON.stringify(card),
      Date.parse(card.due),
      grade.verdict,
      a.lessonEtag ?? null,
    );
  }

  /**
   * The lessons of the cards a report counts (due before `horizon`, or weak), each with the lesson version
   * its cards were last read from: "" when one of them has none (or they differ), so the lesson is read.
   */
  cardLessons(horizon: number, lessons?: readonly string[]): Array<{ lessonKey: string; etag: string }> {
    const only = lessonFilter(lessons);
    return this.sql
      .exec<Row>(
        `SELECT lesson_key, MIN(IFNULL(lesson_etag, '')) AS low, MAX(IFNULL(lesson_etag, '')) AS high FROM cards
         WHERE (due < ? OR last_verdict != 'correct') AND ${only.where} GROUP BY lesson_key`,
        horizon,
        ...only.params,
      )
      .toArray()
      .map((r) => ({ lessonKey: String(r.lesson_key), etag: r.low === r.high ? String(r.low) : "" }));
  }

  /** The lesson's cards as it has them now: each keeps its exercise's current words and concepts, and one it lost is dropped (retire). */
  refresh({ lessonKey, now }: LessonNow): void {
    const current = new Map(now?.exercises.map((e) => [e.id, e]));
    for (const r of this.sql.exec<Row>("SELECT exercise_id FROM cards WHERE lesson_key = ?", lessonKey).toArray()) {
      const e = current.get(String(r.exercise_id));
      if (!e) this.retire(lessonKey, String(r.exercise_id));
      else
        this.sql.exec("UPDATE cards SET exercise = ?, lesson_etag = ? WHERE lesson_key = ? AND exercise_id = ?", JSON.stringify(e), now!.etag, lessonKey, e.id);
    }
  }

  /** Drops an exercise's review card (its lesson lost it): it can no longer be asked, so it is never due again. */
  retire(lessonKey: string, exerciseId: string): void {
    this.sql.exec("DELETE FROM cards WHERE lesson_key = ? AND exercise_id = ?", lessonKey, exerciseId);
  }

  /** The result of the same answer to the same exercise since `since`: a client's retry is not graded or counted twice. */
  repeated(lessonKey: string, exerciseId: string, answer: string, since: number): GradedAnswer | undefined {
    const row = this.sql
      .exec<Row>(
        "SELECT answer, result FROM attempts WHERE lesson_key = ? AND exercise_id = ? AND at >= ? ORDER BY id DESC LIMIT 1",
        lessonKey,
        exerciseId,
        since,
      )
      .toArray()[0];
    return row && row.answer === answer ? (JSON.parse(String(row.result)) as GradedAnswer) : undefined;
  }

  /** Exercises due at `now`, the longest overdue first. */
  dueReviews(now: number, limit: number): Review[] {
    return this.sql
      .exec<Row>("SELECT * FROM cards WHERE due <= ? ORDER BY due, lesson_key, exercise_id LIMIT ?", now, limit)
      .toArray()
      .map((r) => ({
        lessonKey: String(r.lesson_key),
        exercise: JSON.parse(String(r.exercise)) as Exercise,
        due: new Date(Number(r.due)).toISOString(),
        lastVerdict: String(r.last_verdict) as Verdict,
      }));
  }

  /** When the next review falls due after `now`; undefined without any card. */
  nextDue(now: number): number | undefined {
    const due = this.sql.exec<Row>("SELECT MIN(due) AS due FROM cards WHERE due > ?", now).one().due;
    return due === null ? undefined : Number(due);
  }

  progress(now: number, window: ProgressWindow): Progress {
    const only = lessonFilter(window.lessons);
    const byLesson = this.sql
      .exec<Row>(
        `SELECT lesson_key, COUNT(*) AS answered, SUM(verdict = 'correct') AS correct, COUNT(DISTINCT exercise_id) AS exercises, MAX(at) AS last
         FROM attempts WHERE ${only.where} GROUP BY lesson_key ORDER BY last DESC`,
        ...only.params,
      )
      .toArray()
      .map((r) => ({
        lessonKey: String(r.lesson_key),
        answered: Number(r.answered),
        correct: Number(r.correct),
        accuracy: ratio(Number(r.correct), Number(r.answered)),
        exercises: Number(r.exercises),
        lastAnsweredAt: new Date(Number(r.last)).toISOString(),
      }));
    const answered = byLesson.reduce((n, l) => n + l.answered, 0);
    const correct = byLesson.reduce((n, l) => n + l.correct, 0);
    const due = Number(this.sql.exec<Row>(`SELECT COUNT(*) AS n FROM cards WHERE due <= ? AND ${only.where}`, now, ...only.params).one().n);
    return {
      answered,
      correct,
      accuracy: ratio(correct, answered),
      streakDays: this.streakDays(now),
      dueReviews: due,
      byLesson,
      weakConcepts: this.weakConcepts(window.maxWeakConcepts, only),
      daily: this.daily(now, window.days, only),
      reviewsAhead: this.reviewsAhead(now, window.ahead, only),
    };
  }

  /** Answers per UTC day over the last `days` days, today included. */
  private daily(now: number, days: number, only: LessonFilter): DayOfAnswers[] {
    const today = Math.floor(now / DAY_MS);
    const first = today - days + 1;
    const counts = new Map(
      this.sql
        .exec<Row>(
          `SELECT at / ${DAY_MS} AS day, COUNT(*) AS answered, SUM(verdict = 'correct') AS correct FROM attempts
           WHERE at >= ? AND ${only.where} GROUP BY at / ${DAY_MS}`,
          first * DAY_MS,
          ...only.params,
        )
        .toArray()
        .map((r) => [Math.floor(Number(r.day)), { answered: Number(r.answered), correct: Number(r.correct) }]),
    );
    return Array.from({ length: days }, (_, i) => ({ day: isoDay(first + i), ...(counts.get(first + i) ?? { answered: 0, correct: 0 }) }));
  }

  /** Reviews due per UTC day from today for `ahead` days; today's count holds the overdue ones too. */
  private reviewsAhead(now: number, ahead: number, only: LessonFilter): DayOfReviews[] {
    const today = Math.floor(now / DAY_MS);
    const due = Array.from({ length: ahead }, (_, i) => ({ day: isoDay(today + i), due: 0 }));
    const rows = this.sql.exec<Row>(`SELECT due FROM cards WHERE due < ? AND ${only.where}`, (today + ahead) * DAY_MS, ...only.params).toArray();
    for (const r of rows) due[Math.max(0, Math.floor(Number(r.due) / DAY_MS) - today)]!.due++;
    return due;
  }

  /** Consecutive UTC days with an answer, up to today (or yesterday: today's may not have come yet). */
  private streakDays(now: number): number {
    const days = new Set(
      this.sql
        .exec<Row>("SELECT DISTINCT at / ? AS day FROM attempts", DAY_MS)
        .toArray()
        .map((r) => Math.floor(Number(r.day))),
    );
    let day = Math.floor(now / DAY_MS);
    if (!days.has(day)) day--;
    let streak = 0;
    while (days.has(day - streak)) streak++;
    return streak;
  }

  /** The Key Concepts of the exercises whose latest answer was not correct, the most missed first. */
  private weakConcepts(max: number, only: LessonFilter): WeakConcept[] {
    const counts = new Map<string, WeakConcept>();
    for (const r of this.sql.exec<Row>(`SELECT lesson_key, exercise FROM cards WHERE last_verdict != 'correct' AND ${only.where}`, ...only.params).toArray()) {
      const lessonKey = String(r.lesson_key);
      for (const c of (JSON.parse(String(r.exercise)) as Exercise).concepts) {
        const id = `${lessonKey}\n${c.term}`;
        const known = counts.get(id) ?? { term: c.term, meaning: c.meaning, lessonKey, misses: 0 };
        known.misses++;
        counts.set(id, known);
      }
    }
    return [...counts.values()].sort((a, b) => b.misses - a.misses || a.term.localeCompare(b.term)).slice(0, max);
  }
}

interface LessonFilter {
  where: string;
  params: string[];
}

/**
 * A WHERE clause keeping only `lessons` (all when absent), with what it binds. The keys go in as one JSON
 * array, whatever their number: SQLite in a Durable Object binds at most 100 parameters per statement.
 */
function lessonFilter(lessons: readonly string[] | undefined): LessonFilter {
  if (!lessons) return { where: "1", params: [] };
  return { where: "lesson_key IN (SELECT value FROM json_each(?))", params: [JSON.stringify(lessons)] };
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 1000) / 1000);
