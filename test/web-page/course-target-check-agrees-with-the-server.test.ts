// The Courses form checks a course's chat before sending it, to say what is wrong in the page's language
// (public/js/delivery-target.js, whose rules the server's schema imports: telegram-delivery-to.ts,
// slack-delivery-to.ts). Both run here over one table of targets, the edge cases and a few hundred made from their
// parts: the form sends exactly what the server takes, refuses exactly what it refuses, and offers the spelling
// the server would name ("042" is 42, "c0123…" is C0123…).
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CourseInput } from "../../src/courses/course-input";
import { fill } from "../../src/lib/phrase-book";
import { COURSE_FORM, courseForm } from "../support/course-form";
import { fromRoot } from "../support/paths";

const { ENGLISH } = (await import(pathToFileURL(fromRoot("public/js/i18n.js")).href)) as { ENGLISH: Record<string, string> };

const PLATFORMS = {
  telegram: {
    field: "telegramChatId",
    fixedBy: /^write the chat id as Telegram gives it: (.+)$/,
    respell: "telegramChatRespell",
    invalid: "telegramChatInvalid",
  },
  slack: { field: "slackChannel", fixedBy: /^write the channel id as Slack shows it: (.+)$/, respell: "slackChannelCapitals", invalid: "slackChannelInvalid" },
} as const;
type Platform = keyof typeof PLATFORMS;

const dedupe = (targets: string[]) => [...new Set(targets)];
const product = (...parts: string[][]) => parts.reduce((all, part) => all.flatMap((a) => part.map((p) => a + p)), [""]);

const TELEGRAM = dedupe([
  ...["42", "-42", "-1001234567890", "-1001234567890/7", "42/1", "42/2147483647", String(2 ** 52 - 1), String(-(2 ** 52 - 1))],
  ...["@abcd", "@study_news", "@Study_News", `@${"a".repeat(32)}`, `@${"a".repeat(33)}`, "@abc", "@1abc", "@_abc", "@study-news", "@", "abcd"],
  ...["0", "-0", "+0", "00", String(2 ** 52), String(-(2 ** 52)), "9007199254740993", "042", "+42", "-042", "+-42", "--42", "0042/0007"],
  ...["-1004242/07", "123/0", "123/00", "123/2147483648", "42/", "/7", "42//7", "4 2", "42.0", "1e3", "0x2a", "٤٢", "42/7/1", "-"],
  ...product(
    ["", "-", "+", "-100", "0", "@", "+0"],
    ["42", "0", "042", "4503599627370496", "4503599627370495", "abc", "abcd", "a_b"],
    ["", "/7", "/07", "/0", "/2147483648"],
  ),
]);
const SLACK = dedupe([
  ...["C0123456789", "G0123456789", "D0123456789", "C12345678", "C1234567", `C${"A".repeat(79)}`, `C${"A".repeat(80)}`],
  ...["c0123456789", "g0123456789", "d0123456789", "cß1234567", "#general", "general", "#C0123456789", "U0123456789", "W0123456789"],
  ...["C0123", "C-0123456789", "C0123456789/1", "42", "@general", "Ｃ0123456789"],
  ...product(["", "#", "c", "C", "G", "g", "D", "d", "U", "u"], ["0123456789", "0123", "general", "ABCDEFGH", "abcdefgh"]),
]);

/** The server's verdict on the target the form sends: accepted, or refused with the spelling it names (if any). */
function serverVerdict(platform: Platform, to: string): { accepted: true } | { accepted: false; fix?: string } {
  const parsed = CourseInput.safeParse({ topic: "Linear algebra", deliver: { [PLATFORMS[platform].field]: to } });
  if (parsed.success) return { accepted: true };
  const messages = parsed.error.issues.map((issue) => issue.message);
  const fix = messages.map((m) => PLATFORMS[platform].fixedBy.exec(m)?.[1]).find(Boolean);
  return { accepted: false, ...(fix ? { fix } : {}) };
}

/** What the form does with `to`: the body's target, or its refusal (an English page). */
function pageVerdict(platform: Platform, to: string): { sent: unknown } | { refused: string } {
  try {
    return {
      sent: (courseForm.courseRequest({ ...COURSE_FORM, deliverTo: platform, target: to }).deliver as Record<string, unknown>)[PLATFORMS[platform].field],
    };
  } catch (e) {
    if ((e as { field?: string }).field !== "target") throw e;
    return { refused: (e as Error).message };
  }
}

describe.each([
  ["telegram", TELEGRAM],
  ["slack", SLACK],
] as const)("the page's check of a %s target", (platform, targets) => {
  it("has targets the server takes and targets it refuses in its table", () => {
    const verdicts = targets.map((to) => serverVerdict(platform, to));
    expect(verdicts.filter((v) => v.accepted).length).toBeGreaterThan(5);
    expect(verdicts.filter((v) => !v.accepted && !v.fix).length).toBeGreaterThan(10);
    expect(verdicts.filter((v) => !v.accepted && v.fix).length).toBeGreaterThan(5);
  });

  it.each(targets.map((to) => [to]))("agrees with the server on %j", (to) => {
    const server = serverVerdict(platform, to);
    const page = pageVerdict(platform, to);
    const { respell, invalid } = PLATFORMS[platform];
    if (server.accepted) expect(page).toEqual({ sent: to });
    else if (server.fix) expect(page).toEqual({ refused: fill(ENGLISH[respell]!, { fix: server.fix }) });
    else expect(page).toEqual({ refused: fill(ENGLISH[invalid]!, { target: to }) });
  });
});

describe("the page's check of a target with spaces around it", () => {
  it("checks and sends it trimmed, as the server takes it", () => {
    expect(pageVerdict("telegram", "  -1001234567890/7 ")).toEqual({ sent: "-1001234567890/7" });
    expect(serverVerdict("telegram", "-1001234567890/7")).toEqual({ accepted: true });
    expect(pageVerdict("slack", "\tC0123456789 ")).toEqual({ sent: "C0123456789" });
    expect(pageVerdict("telegram", " 042 ")).toEqual({ refused: fill(ENGLISH.telegramChatRespell!, { fix: "42" }) });
  });
});
