// A number setting is written in plain decimal digits. Number() read `MAX_STEPS=0x10` as 16, `1e3` as 1000 and
// ` 12 ` or `12.0` as 12: more likely slips than meant, and each was taken without a word. Refused by name instead.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

describe("a number setting", () => {
  it.each(["0x10", "1e3", " 12 ", "12.0", "+12", "1_000", "Infinity"])("a whole number written %j is refused, naming it", (value) => {
    expect(configIssues({ MAX_STEPS: value })).toEqual(["MAX_STEPS: expected a whole number in decimal digits, such as 25"]);
  });

  it.each(["8e-1", ".8", " 0.8", "0x1"])("a fraction written %j is refused, naming it", (value) => {
    expect(configIssues({ COMPACTION_THRESHOLD: value })).toEqual(["COMPACTION_THRESHOLD: expected a decimal number, such as 0.8"]);
  });

  it("plain decimals load, as do numbers wrangler.toml's [vars] holds as numbers", () => {
    expect(configIssues({ MAX_STEPS: "16", ANSWER_REPEAT_WINDOW_MS: "0", COMPACTION_THRESHOLD: "0.5" })).toEqual([]);
    expect(configIssues({ MAX_STEPS: 16, COMPACTION_THRESHOLD: 0.5 })).toEqual([]);
  });

  it("a negative one is read as a number, and refused by its range", () => {
    expect(configIssues({ MAX_STEPS: "-1" })).toEqual(["MAX_STEPS: Too small: expected number to be >=1"]);
  });
});
