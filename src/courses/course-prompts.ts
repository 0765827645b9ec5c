// What the course asks the agent: a syllabus when the course is created, then each day's lesson
// through the daily-lesson skill with the whole course context, so a lesson does not depend on the
// history of a conversation (each lesson runs in a session of its own).
import { learnerContextLines, type LearnerContext } from "../learning/learner-context";
import { trimChars } from "../lib/trim-chars";
import type { CourseRow, LessonRow } from "./course-store";

/** A syllabus longer than this is cut: a year of lessons is plenty for one course. */
export const MAX_SYLLABUS_LESSONS = 365;

/** The most of the last lesson's summary a lesson request carries: its closing message is a few lines. */
const LAST_SUMMARY_MAX_CHARS = 2_000;

/** The course's language as its requests name it: the learner's when given, else the topic's. */
const languageOf = (course: Pick<CourseRow, "language">) => course.language ?? "the language of the topic";

export function syllabusRequest(course: Pick<CourseRow, "topic" | "level" | "language">): string {
  return [
    `Plan the syllabus of a course, one short lesson (15–25 minutes) per day.`,
    `Topic: ${course.topic}`,
    `Level: ${course.level ?? "beginner"}`,
    `Language: ${languageOf(course)}`,
    ``,
    `Reply with only the numbered list of lesson titles, one per line ("1. …"), in teaching order, between 5 and 30 lessons, in that language. Do not write or save any lesson yet.`,
  ].join("\n");
}

/** The numbered lines of the model's answer ("1. Title", "2) Title", "**3.** Title"). */
export function parseSyllabus(text: string): string[] {
  const titles: string[] = [];
  for (const line of text.split("\n")) {
    // Trailing spaces trimmed first, so the title need not be found lazily before them (time in the square of a run of spaces).
    const m = /^\s*(?:[*_]{1,2})?\d{1,3}[.)](?:[*_]{1,2})?\s+(\S.*)$/.exec(line.trimEnd());
    const title = m && trimChars(m[1]!, "*_").trim();
    if (title) titles.push(title);
  }
  return titles.slice(0, MAX_SYLLABUS_LESSONS);
}

export function lessonRequest(course: CourseRow, syllabus: string[], taught: LessonRow[], learner?: LearnerContext): string {
  const number = taught.length + 1;
  const context = [
    `Course topic: ${course.topic}`,
    `Level: ${course.level ?? "beginner"}`,
    `Learner's language: ${languageOf(course)}`,
    `Today: lesson ${number} of ${syllabus.length}: ${syllabus[number - 1] ?? "the next step after the last lesson"}`,
    `Syllabus:`,
    ...syllabus.map((t, i) => `${i + 1}. ${t}`),
    `Lessons so far:`,
    ...(taught.length ? taught.map((l) => `${l.number}. ${l.title} (saved as ${l.key})`) : ["(none: this is lesson 1)"]),
    // What the last one covered (its run's closing message), which the skill builds on: the titles alone do not say.
    ...(taught.at(-1)?.summary ? [`What lesson ${taught.length} covered:`, taught.at(-1)!.summary.slice(0, LAST_SUMMARY_MAX_CHARS)] : []),
    ...learnerContextLines(learner),
  ].join("\n");
  return [`Write today's lesson of my course. Call load_skill with name "daily-lesson" and these args, then follow it:`, ``, context].join("\n");
}
