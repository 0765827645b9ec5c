// No API key may act for the bots' own tenants (telegram, slack): such a key would own every chat's
// sessions and learners. API_KEYS naming one is a config error that says why.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

/** The configuration's issues with one key of `tenant`, or none when it loads. */
function issuesWithKeyOf(tenant: string): readonly string[] {
  try {
    loadConfig({ API_KEYS: JSON.stringify([{ name: "app", key: "a-key-of-sixteen-chars", tenant }]) });
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.issues;
    throw e;
  }
}

describe("API_KEYS tenants", () => {
  it("refuses the bots' tenants, and takes any other", () => {
    for (const tenant of ["telegram", "slack"]) {
      const issues = issuesWithKeyOf(tenant);
      expect(issues.length, tenant).toBeGreaterThan(0);
      expect(JSON.stringify(issues), tenant).toContain("the bots' own tenants");
    }
    expect(issuesWithKeyOf("telegram-fans")).toEqual([]);
  });
});
