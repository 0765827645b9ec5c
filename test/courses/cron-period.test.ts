import { describe, expect, it } from "vitest";
import { CronError, currentPeriod, nextPeriod, parseCron, periodKey } from "../../src/courses/cron-period";

const at = (iso: string) => Date.parse(iso);
const period = (expr: string, now: string) => periodKey(currentPeriod(parseCron(expr), at(now)));
const next = (expr: string, after: string) => periodKey(nextPeriod(parseCron(expr), at(after)));

describe("the current period of a cron schedule (UTC)", () => {
  it("daily at midnight: the period is the day", () => {
    expect(period("0 0 * * *", "2030-03-15T00:00:00Z")).toBe("2030-03-15T00:00Z");
    expect(period("0 0 * * *", "2030-03-15T23:59:59Z")).toBe("2030-03-15T00:00Z");
    expect(period("@daily", "2030-03-15T12:00:00Z")).toBe("2030-03-15T00:00Z");
  });

  it("daily at 07:30: before 07:30 it is still yesterday's period", () => {
    expect(period("30 7 * * *", "2030-03-15T07:29:00Z")).toBe("2030-03-14T07:30Z");
    expect(period("30 7 * * *", "2030-03-15T07:30:00Z")).toBe("2030-03-15T07:30Z");
  });

  it("weekdays only: the weekend belongs to Friday", () => {
    // 2030-03-16 is a Saturday, 2030-03-18 a Monday.
    expect(period("0 8 * * mon-fri", "2030-03-16T10:00:00Z")).toBe("2030-03-15T08:00Z");
    expect(period("0 8 * * 1-5", "2030-03-18T07:59:00Z")).toBe("2030-03-15T08:00Z");
    expect(period("0 8 * * 1-5", "2030-03-18T08:00:00Z")).toBe("2030-03-18T08:00Z");
  });

  it("steps, lists and hours", () => {
    expect(period("*/15 * * * *", "2030-03-15T10:44:59Z")).toBe("2030-03-15T10:30Z");
    expect(period("0 9,21 * * *", "2030-03-15T20:00:00Z")).toBe("2030-03-15T09:00Z");
    expect(period("@hourly", "2030-03-15T20:59:00Z")).toBe("2030-03-15T20:00Z");
  });

  it("monthly and yearly reach back across months and years", () => {
    expect(period("0 0 1 * *", "2030-03-15T10:00:00Z")).toBe("2030-03-01T00:00Z");
    expect(period("0 0 31 * *", "2030-05-01T10:00:00Z")).toBe("2030-03-31T00:00Z");
    expect(period("@yearly", "2030-03-15T10:00:00Z")).toBe("2030-01-01T00:00Z");
    expect(period("0 0 29 feb *", "2030-03-01T00:00:00Z")).toBe("2028-02-29T00:00Z");
  });

  it("day-of-month OR day-of-week when both are restricted; 7 is Sunday", () => {
    // The 13th, or any Friday: 2030-03-15 is a Friday, 2030-03-13 a Wednesday.
    expect(period("0 0 13 * fri", "2030-03-14T12:00:00Z")).toBe("2030-03-13T00:00Z");
    expect(period("0 0 13 * fri", "2030-03-16T12:00:00Z")).toBe("2030-03-15T00:00Z");
    expect(period("0 0 * * 7", "2030-03-18T12:00:00Z")).toBe("2030-03-17T00:00Z");
  });

  it("rejects what is not a schedule", () => {
    for (const bad of [
      "",
      "0 0 * *",
      "60 0 * * *",
      "0 24 * * *",
      "0 0 0 * *",
      "0 0 * 13 *",
      "*/0 * * * *",
      "0 0 5-1 * *",
      "0 0 30 2 *",
      "x * * * *",
      "0 0 * * 1/2/3",
      // Names of Object.prototype's members once found the prototype in the macro table: a TypeError, a 500.
      "__proto__",
      "constructor",
      "toString",
    ]) {
      expect(() => parseCron(bad), bad).toThrow(CronError);
    }
  });
});

describe("the start of the next period (when a course is due again)", () => {
  it("is the first match strictly after the time, across days, weekends, months and years", () => {
    expect(next("0 0 * * *", "2030-03-15T00:00:00Z")).toBe("2030-03-16T00:00Z");
    expect(next("30 7 * * *", "2030-03-15T07:29:00Z")).toBe("2030-03-15T07:30Z");
    expect(next("0 8 * * mon-fri", "2030-03-15T08:00:00Z")).toBe("2030-03-18T08:00Z");
    expect(next("*/15 * * * *", "2030-03-15T10:44:59Z")).toBe("2030-03-15T10:45Z");
    expect(next("@yearly", "2030-03-15T00:00:00Z")).toBe("2031-01-01T00:00Z");
    expect(next("0 0 29 2 *", "2030-03-01T00:00:00Z")).toBe("2032-02-29T00:00Z");
  });

  it("is the period the current one becomes: each period's start follows the one before", () => {
    const s = parseCron("0 9,21 * * 1-5");
    let start = at("2030-03-15T09:00:00Z");
    for (let i = 0; i < 20; i++) {
      const after = nextPeriod(s, start).getTime();
      expect(currentPeriod(s, after).getTime()).toBe(after);
      expect(currentPeriod(s, after - 60_000).getTime()).toBe(start);
      start = after;
    }
  });
});
