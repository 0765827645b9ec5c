// A course whose cron steps its days ("0 7 */2 * *": every other day of the month; "0 7 * * */2": Sunday,
// Tuesday, Thursday, Saturday) gets a lesson on those days only. Both fields start with "*", and a field
// starting with "*" was taken to allow every day, so each was a lesson every day: twice the lessons asked
// for. As in Vixie cron, a "*" field only turns the two day fields' OR into AND: its own days still count.
import { describe, expect, it } from "vitest";
import { currentPeriod, nextPeriod, parseCron, periodKey } from "../../src/courses/cron-period";

const at = (iso: string) => Date.parse(iso);
const period = (expr: string, now: string) => periodKey(currentPeriod(parseCron(expr), at(now)));
const next = (expr: string, after: string) => periodKey(nextPeriod(parseCron(expr), at(after)));

describe("a day step with a star", () => {
  it("every other day of the month: the 1st, 3rd, 5th…", () => {
    // 2030-03-16 is an even day: its period is the 15th's, and the next lesson is on the 17th.
    expect(period("0 7 */2 * *", "2030-03-16T10:00:00Z")).toBe("2030-03-15T07:00Z");
    expect(next("0 7 */2 * *", "2030-03-15T07:00:00Z")).toBe("2030-03-17T07:00Z");
    // The 31st and the next month's 1st are both odd: both have a lesson.
    expect(next("0 7 */2 * *", "2030-03-31T07:00:00Z")).toBe("2030-04-01T07:00Z");
  });

  it("every other day of the week: Sunday, Tuesday, Thursday, Saturday", () => {
    // 2030-03-18 is a Monday: its period is Sunday's, and the next lesson is on Tuesday.
    expect(period("0 7 * * */2", "2030-03-18T10:00:00Z")).toBe("2030-03-17T07:00Z");
    expect(next("0 7 * * */2", "2030-03-17T07:00:00Z")).toBe("2030-03-19T07:00Z");
  });

  it("a day step and a weekday range: days that are both", () => {
    // Odd days that are weekdays: Friday the 15th, then Monday the 18th is even, Tuesday the 19th is odd.
    expect(next("0 7 */2 * 1-5", "2030-03-15T07:00:00Z")).toBe("2030-03-19T07:00Z");
  });

  it("a plain star still allows every day, and two restricted fields still OR", () => {
    expect(next("0 7 * * *", "2030-03-15T07:00:00Z")).toBe("2030-03-16T07:00Z");
    expect(next("0 7 * * 1-5", "2030-03-15T07:00:00Z")).toBe("2030-03-18T07:00Z");
    // The 1st or a Monday.
    expect(next("0 7 1 * mon", "2030-03-15T07:00:00Z")).toBe("2030-03-18T07:00Z");
    expect(next("0 7 1 * mon", "2030-03-25T07:00:00Z")).toBe("2030-04-01T07:00Z");
  });
});

describe("days that meet years apart", () => {
  it("are refused when the course is created, not left to fail at every tick", () => {
    // The 13th of January on a Sunday: 2036, then 2041, 2047, 2058 (eleven years apart).
    expect(() => parseCron("0 0 13 1 */7")).toThrow(/too seldom/);
    // The 13th of any month on a Sunday or a Friday ("*/5": 0 and 5) is a few times a year: Sunday 13 January 2030.
    expect(next("0 0 13 * */5", "2030-01-01T00:00:00Z")).toBe("2030-01-13T00:00Z");
  });
});
