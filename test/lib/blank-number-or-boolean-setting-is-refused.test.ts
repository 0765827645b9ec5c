// A number or boolean setting written empty (`ANSWER_REPEAT_WINDOW_MS=` in .dev.vars) is refused by name:
// it was read as 0 (the retry window off) or as false whatever the default (AUTO_COMPACTION= turned
// compaction off), and a misspelt boolean or a number with a unit is refused too.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

describe("a number or boolean setting", () => {
  it("empty or blank is refused, naming it, not read as 0 or false", () => {
    expect(configIssues({ ANSWER_REPEAT_WINDOW_MS: "" })).toEqual([expect.stringMatching(/^ANSWER_REPEAT_WINDOW_MS: empty/)]);
    expect(configIssues({ DELETE_WAIT_MS: "  " })).toEqual([expect.stringMatching(/^DELETE_WAIT_MS: empty/)]);
    expect(configIssues({ AUTO_COMPACTION: "" })).toEqual([expect.stringMatching(/^AUTO_COMPACTION: /)]);
    expect(configIssues({ COMPACTION_THRESHOLD: "" })).toEqual([expect.stringMatching(/^COMPACTION_THRESHOLD: empty/)]);
  });

  it("written wrong is refused, naming it", () => {
    expect(configIssues({ AUTO_COMPACTION: "flase" })).toEqual([expect.stringMatching(/^AUTO_COMPACTION: expected "true", "false", "1" or "0"/)]);
    expect(configIssues({ TOOL_TIMEOUT_MS: "10s" })).toEqual([expect.stringMatching(/^TOOL_TIMEOUT_MS: /)]);
  });

  it("unset takes its default, and a value is read", () => {
    expect(configIssues({})).toEqual([]);
    expect(configIssues({ AUTO_COMPACTION: "0", ANSWER_REPEAT_WINDOW_MS: "0" })).toEqual([]);
    // wrangler.toml's [vars] may hold a number as a number (`MAX_STEPS = 25`).
    expect(configIssues({ MAX_STEPS: 25 })).toEqual([]);
  });
});
