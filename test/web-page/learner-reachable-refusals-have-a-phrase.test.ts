// The refusals and failures a learner meets on the page (an exercise's check, an approval or a form decided
// before, a course's delivery or schedule, a run cut short by its session's deletion…) had no run notice, so
// the page said them in the server's English. Each now has a phrase in every language of the vocabularies
// (public/i18n/run-notices.json), which is what the page and the bots say instead of the message.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { noticeText } from "../../src/platforms/run-notice-phrases";
import { VOCABULARIES } from "../../src/lessons/vocabulary";
import { fromRoot } from "../support/paths";

const book = JSON.parse(readFileSync(fromRoot("public/i18n/run-notices.json"), "utf8")) as Record<string, Record<string, string>>;
const ENGLISH = "The server's English words, for developers.";

/** Codes a page user can be refused or failed with (the audit's list), and those a course's last error carries (docs/courses.md). */
const LEARNER_CODES = {
  refusals: [
    "could_not_grade",
    "no_answer_key",
    "empty_answer",
    "answer_too_long",
    "delivery_not_configured",
    "run_active",
    "conflict",
    "already_answered",
    "input_lost",
    "not_found",
    "body_too_large",
    "phrases_unreadable",
    "no_exercises",
    "mcp_authorization_failed",
  ],
  runFailures: ["output_invalid", "session_deleted"],
  courseErrors: [
    "schedule_invalid",
    "syllabus_empty",
    "lesson_not_saved",
    "run_incomplete",
    "telegram_api_failed",
    "slack_api_failed",
    "chat_not_configured",
    "chat_unreachable",
    "no_reachable_target",
  ],
};

describe.each(Object.entries(LEARNER_CODES))("%s", (_, codes) => {
  it.each(VOCABULARIES.map((v) => v.language))("%s: each is said by its phrase, not the server's message", (language) => {
    for (const code of codes) {
      const said = noticeText({ code, message: ENGLISH }, book[language]!);
      expect(said, code).not.toBe(ENGLISH);
      expect(said, code).toBe(book[language]![code]);
    }
  });
});
