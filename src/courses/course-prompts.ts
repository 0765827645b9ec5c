// What the course asks the agent: a syllabus when the course is created, then each day's lesson
// through the daily-lesson skill with the whole course context, so a lesson does not depend on the
// history of a conversation (each lesson runs in a session of its own).
import { learnerContextLines, type LearnerContext } from "../learning/learner-context";
import { trimChars } from "../lib/trim-chars";
import type { CourseRow, LessonRow } from "./course-store";

/** A syllabus longer than this is cut: a year of lessons is plenty for one course. */
export const MAX_SYLLABUS_LESSONS = 365;

export function syllabusRequest(course: Pick<CourseRow, "topic" | "level">): string {
  return [
    `Plan the syllabus of a course, one short lesson (15–25 minutes) per day.`,
    `Topic: ${course.topic}`,
    `Level: ${course.level ?? "beginner"}`,
    ``,
    `Reply with only the numbered list of lesson titles, one per line ("1. …"), in teaching order, between 5 and 30 lessons, in the language of the topic. Do not write or save any lesson yet.`,
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
    `Today: lesson ${number} of ${syllabus.length}: ${syllabus[number - 1] ?? "the next step after the last lesson"}`,
    `Syllabus:`,
    ...syllabus.map((t, i) => `${i + 1}. ${t}`),
    `Lessons so far:`,
    ...(taught.length ? taught.map((l) => `${l.number}. ${l.title} (saved as ${l.key})`) : ["(none: this is lesson 1)"]),
    ...learnerContextLines(learner),
  ].join("\n");
  return [`Write today's lesson of my course. Call load_skill with name "daily-lesson" and these args, then follow it:`, ``, context].join("\n");
}
