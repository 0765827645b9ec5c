// The lesson fixtures of test/fixtures/lessons and the pages good.md cites, as a fetch tool records them.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export const lessonFixture = (name: string): string => readFileSync(resolve(import.meta.dirname, "../fixtures/lessons", name), "utf8");

/** A valid two-chapter English lesson. */
export const goodLesson = lessonFixture("good.md");

/** The URLs good.md cites, spelled as fetched (the validator compares them normalized). */
export const GOOD_LESSON_SOURCES: ReadonlySet<string> = new Set([
  "https://en.wikipedia.org/wiki/Derivative",
  "https://en.wikipedia.org/wiki/Limit_(mathematics)",
  "https://www.example.edu/numerical-differentiation/",
]);
