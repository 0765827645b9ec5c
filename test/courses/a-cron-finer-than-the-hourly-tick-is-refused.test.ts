// Lessons are written by the Worker's hourly tick, so a course schedule firing more often than once an hour
// ("*/15 * * * *", "0,30 7 * * *") was accepted and then got one lesson an hour. It is refused when the course is
// created, naming cron; a schedule of one minute an hour or less often is taken as before.
import { describe, expect, it } from "vitest";
import { CourseInput } from "../../src/courses/course-input";

const refusal = (cron: string) => {
  const parsed = CourseInput.safeParse({ topic: "Vectors", cron });
  return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("a course's cron", () => {
  it.each(["*/15 * * * *", "0,30 7 * * *", "* * * * *", "0-5 9 * * 1-5"])("%s, finer than the hourly tick, is refused naming cron", (cron) => {
    expect(refusal(cron)).toEqual([expect.stringMatching(/^cron: ".*" fires \d+ times an hour, but lessons are written by an hourly tick/)]);
  });

  it.each(["0 * * * *", "30 */2 * * *", "0 7 * * 1-5", "@daily", "15 8 1 * *"])("%s, at most once an hour, is taken", (cron) => {
    expect(refusal(cron)).toBeUndefined();
  });
});
