// A course's schedule is a cron expression (five fields, UTC). What the scheduler needs from it is
// not "when is the next run" but "which period are we in": the period starts at the latest time
// the expression matches at or before now, and a course gets one lesson per period. This is ~100
// lines with the standard semantics (Vixie cron: lists, ranges, steps, month and weekday names,
// 7 = Sunday, and day-of-month OR day-of-week when both are restricted, AND when either starts with "*"),
// so no dependency is needed.
import { CodedError } from "../lib/coded-error";

/** A schedule that is not a cron expression; course input turns it into a validation issue. */
export class CronError extends CodedError<"invalid_cron"> {
  constructor(message: string) {
    super("invalid_cron", message);
  }
}

export interface CronSchedule {
  expression: string;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** The day-of-month / day-of-week field starts with "*": that field does not restrict the day. */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

/** A Map, not an object: a user's "__proto__" or "constructor" must not find Object.prototype's members. */
const MACROS = new Map([
  ["@yearly", "0 0 1 1 *"],
  ["@annually", "0 0 1 1 *"],
  ["@monthly", "0 0 1 * *"],
  ["@weekly", "0 0 * * 0"],
  ["@daily", "0 0 * * *"],
  ["@midnight", "0 0 * * *"],
  ["@hourly", "0 * * * *"],
]);
const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
/** Days in each month in a leap year: a schedule is valid if it can match on some real date. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The longest gap between matches of a valid schedule is a leap day skipped by 2100: 8 years. */
const SEARCH_DAYS = 9 * 366;
const DAY_MS = 86_400_000;

export function parseCron(expression: string): CronSchedule {
  const text = MACROS.get(expression.trim().toLowerCase()) ?? expression.trim();
  const fields = text.split(/\s+/);
  if (fields.length !== 5)
    throw new CronError(`"${expression}" is not a cron expression: it needs 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`);
  const [min, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const schedule: CronSchedule = {
    expression: expression.trim(),
    minutes: parseField(min, 0, 59, "minute"),
    hours: parseField(hour, 0, 23, "hour"),
    daysOfMonth: parseField(dom, 1, 31, "day-of-month"),
    months: parseField(month, 1, 12, "month", MONTH_NAMES, 1),
    daysOfWeek: new Set([...parseField(dow, 0, 7, "day-of-week", DAY_NAMES, 0)].map((d) => d % 7)),
    anyDayOfMonth: dom.startsWith("*"),
    anyDayOfWeek: dow.startsWith("*"),
  };
  const possible = [...schedule.months].some((m) => [...schedule.daysOfMonth].some((d) => d <= MAX_DAYS[m - 1]!));
  if (!possible && schedule.anyDayOfWeek) throw new CronError(`"${expression}" never matches a real date`);
  // Days that must be both a day of the month and a weekday (a star with a step beside a restriction, "0 0 13 * */7":
  // the 13th on a Sunday) can be years apart; a schedule must match within the periods' search on any date.
  const both = (schedule.anyDayOfMonth || schedule.anyDayOfWeek) && schedule.daysOfMonth.size < 31 && schedule.daysOfWeek.size < 7;
  if (both && gapOf(text, schedule) > SEARCH_DAYS)
    throw new CronError(`"${expression}" matches too seldom: its days of the month and of the week meet years apart, or never`);
  return schedule;
}

/** Gaps already measured (a century of days, ~5 ms), by expression: a course's schedule is read again at every tick. */
const GAPS = new Map<string, number>();

function gapOf(text: string, s: CronSchedule): number {
  let gap = GAPS.get(text);
  if (gap === undefined) {
    if (GAPS.size >= 1000) GAPS.clear();
    gap = longestGapInDays(s);
    GAPS.set(text, gap);
  }
  return gap;
}

/** The most days between two matching days over a century (2001–2100, the calendar's pattern of dates and weekdays and more). */
function longestGapInDays(s: CronSchedule): number {
  const first = Date.UTC(2001, 0, 1) / DAY_MS;
  const days = 100 * 366;
  let last = first - 1;
  let longest = 0;
  for (let d = first; d < first + days; d++) {
    if (!dayMatches(s, new Date(d * DAY_MS))) continue;
    longest = Math.max(longest, d - last);
    last = d;
  }
  return Math.max(longest, first + days - last);
}

function parseField(text: string, min: number, max: number, what: string, names: string[] = [], nameBase = 0): Set<number> {
  const value = (s: string): number => {
    const named = names.indexOf(s.toLowerCase());
    const n = named >= 0 ? named + nameBase : /^\d+$/.test(s) ? Number(s) : NaN;
    if (!(n >= min && n <= max)) throw new CronError(`${what} "${s}" is not in ${min}–${max}`);
    return n;
  };
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText, extra] = part.split("/");
    if (extra !== undefined || !range) throw new CronError(`${what} "${part}" is not a valid cron field`);
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) && Number(stepText) > 0 ? Number(stepText) : NaN;
    if (Number.isNaN(step)) throw new CronError(`${what} step "${stepText}" must be a positive number`);
    let from: number;
    let to: number;
    if (range === "*") [from, to] = [min, max];
    else if (range.includes("-")) {
      const [a, b] = range.split("-");
      [from, to] = [value(a ?? ""), value(b ?? "")];
      if (from > to) throw new CronError(`${what} range "${range}" runs backwards`);
    } else [from, to] = [value(range), stepText === undefined ? value(range) : max];
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

function dayMatches(s: CronSchedule, day: Date): boolean {
  if (!s.months.has(day.getUTCMonth() + 1)) return false;
  const dom = s.daysOfMonth.has(day.getUTCDate());
  const dow = s.daysOfWeek.has(day.getUTCDay());
  // As Vixie cron: a field starting with "*" makes the two an AND, and its own days still count ("*/2" is the odd
  // days, not every day); when both are restricted otherwise, either matches.
  return s.anyDayOfMonth || s.anyDayOfWeek ? dom && dow : dom || dow;
}

/** The start of the period containing `nowMs`: the latest matching minute at or before it (UTC). */
export function currentPeriod(s: CronSchedule, nowMs: number): Date {
  const now = new Date(Math.floor(nowMs / 60_000) * 60_000);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = new Date(today - i * DAY_MS);
    if (!dayMatches(s, day)) continue;
    const lastHour = i === 0 ? now.getUTCHours() : 23;
    for (let h = lastHour; h >= 0; h--) {
      if (!s.hours.has(h)) continue;
      const lastMinute = i === 0 && h === lastHour ? now.getUTCMinutes() : 59;
      for (let m = lastMinute; m >= 0; m--) if (s.minutes.has(m)) return new Date(day.getTime() + h * 3_600_000 + m * 60_000);
    }
  }
  throw new CronError(`"${s.expression}" did not match in the ${SEARCH_DAYS} days before ${now.toISOString()}`);
}

/** The start of the period after the one containing `afterMs`: the earliest matching minute after it (UTC). */
export function nextPeriod(s: CronSchedule, afterMs: number): Date {
  const after = Math.floor(afterMs / 60_000) * 60_000;
  const firstDay = Date.UTC(new Date(after).getUTCFullYear(), new Date(after).getUTCMonth(), new Date(after).getUTCDate());
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const day = new Date(firstDay + i * DAY_MS);
    if (!dayMatches(s, day)) continue;
    for (let h = 0; h < 24; h++) {
      if (!s.hours.has(h)) continue;
      for (let m = 0; m < 60; m++) {
        const at = day.getTime() + h * 3_600_000 + m * 60_000;
        if (at > after && s.minutes.has(m)) return new Date(at);
      }
    }
  }
  throw new CronError(`"${s.expression}" did not match in the ${SEARCH_DAYS} days after ${new Date(after).toISOString()}`);
}

/** The period as a stable key: the ISO time of its start, to the minute ("2030-01-01T07:00Z"). */
export const periodKey = (start: Date): string => `${start.toISOString().slice(0, 16)}Z`;
