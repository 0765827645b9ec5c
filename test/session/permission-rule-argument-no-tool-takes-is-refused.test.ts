// A PERMISSIONS rule whose `when` names an argument the tool does not take ({"link": …} on fetch_webpage,
// whose argument is `url`) never applied: it is refused at load time, naming the rule and the argument.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

const issuesOf = (rules: unknown[]) => configIssues({ PERMISSIONS: JSON.stringify(rules) });

describe("a permission rule on an argument no tool takes is refused", () => {
  it("refuses `link` on fetch_webpage and says which arguments it takes, never the matcher", () => {
    const issues = issuesOf([{ tool: "fetch_webpage", when: { link: { host: "secret-host.internal" } }, action: "deny" }]);
    expect(issues).toEqual([
      "PERMISSIONS.0.when.link: no tool this rule covers takes this argument, so the rule would never apply (fetch_webpage takes url, max_chars)",
    ]);
    expect(issues.join()).not.toContain("secret-host");
  });

  it("refuses a dotted path into an argument that has no fields", () => {
    expect(issuesOf([{ tool: "fetch_*", when: { "url.host": "x" }, action: "deny" }])).toEqual([expect.stringMatching(/^PERMISSIONS\.0\.when\.url\.host: /)]);
  });

  // A glob that could match an MCP tool's name (one starting with `*`) is not checked: MCP arguments are known only at run time.
  it("refuses arguments that no one tool the glob covers takes together", () => {
    const issues = issuesOf([{ tool: "save_*", when: { filename: "x", url: "y" }, action: "deny" }]);
    expect(issues).toEqual([expect.stringMatching(/^PERMISSIONS\.0\.when\.url: .*save_document takes filename, content/)]);
    expect(
      issuesOf([
        { tool: "fetch_webpage", when: { url: "x" }, action: "ask" },
        { tool: "read_*", when: { path: "x", id: "y" }, action: "deny" },
      ]),
    ).toEqual([expect.stringMatching(/^PERMISSIONS\.1\.when: no one tool this rule covers takes all these arguments/)]);
  });
});
