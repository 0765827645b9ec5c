// A PERMISSIONS rule whose tool glob matches no tool that exists (a typo) never applied, so a tool meant to
// be denied or asked about was allowed: it is refused at load time, naming the rule and field, not its text.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

const issuesOf = (rules: unknown[]) => configIssues({ PERMISSIONS: JSON.stringify(rules) });

describe("a permission rule naming no tool is refused", () => {
  it("refuses a misspelt built-in tool, naming the rule's index and field without quoting it", () => {
    const issues = issuesOf([
      { tool: "calculate", action: "allow" },
      { tool: "fetch_page", action: "deny" },
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^PERMISSIONS\.1\.tool: matches no tool/);
    expect(issues[0]).toContain("fetch_webpage");
    expect(issues[0]).not.toContain("fetch_page");
  });

  it("refuses an MCP glob with single underscores, which no mcp__<server>__<tool> name can match", () => {
    const issues = issuesOf([{ tool: "mcp_github_*", action: "ask" }]);
    expect(issues).toEqual([expect.stringMatching(/^PERMISSIONS\.0\.tool: matches no tool.*mcp__<server>__<tool>/)]);
    expect(issues[0]).not.toContain("mcp_github_");
  });

  it("refuses a client's tool name: a client's tools never meet the policy", () => {
    expect(issuesOf([{ tool: "get_weather", action: "deny" }])).toEqual([expect.stringMatching(/^PERMISSIONS\.0\.tool: /)]);
  });
});
