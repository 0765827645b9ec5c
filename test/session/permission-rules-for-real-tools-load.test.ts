// Rules for tools that exist load: built-in, skill and harness tools with the arguments they take, MCP tools
// (known only at run time, so checked for shape) with any arguments, and the suites' own TEST_PERMISSIONS.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";
import { TEST_PERMISSIONS } from "../support/trust-fixtures";

const issuesOf = (rules: unknown[]) => configIssues({ PERMISSIONS: JSON.stringify(rules) });

describe("permission rules for tools that exist load", () => {
  it("loads the documented example and TEST_PERMISSIONS", () => {
    expect(
      issuesOf([
        { tool: "mcp__github__*", action: "ask" },
        { tool: "fetch_webpage", when: { url: { host: "*.internal.example" } }, action: "deny" },
        { tool: "save_document", when: { format: "html" }, action: "ask" },
        { tool: "mcp__notes__*", action: "allow" },
      ]),
    ).toEqual([]);
    expect(issuesOf(TEST_PERMISSIONS)).toEqual([]);
  });

  it("loads rules for the skills' and the harness's own tools, and globs over several tools", () => {
    expect(
      issuesOf([
        { tool: "load_skill", when: { name: "knowledge-compiler" }, action: "ask" },
        { tool: "read_skill_resource", when: { path: "*secret*" }, action: "deny" },
        { tool: "task", when: { tools: "full" }, action: "ask" },
        { tool: "todo_write", action: "allow" },
        { tool: "read_tool_output", action: "allow" },
        { tool: "tool_search", action: "allow" },
        { tool: "think", action: "allow" },
        { tool: "finish", when: { answer: "*" }, action: "allow" },
        { tool: "*_document", when: { filename: "*passwd*" }, action: "deny" },
        { tool: "web_search", when: { num_results: 10 }, action: "ask" },
      ]),
    ).toEqual([]);
  });

  it("loads MCP rules of any server with any arguments, and catch-all globs", () => {
    expect(
      issuesOf([
        { tool: "mcp__github__create_issue", when: { repo: "*/private-*", "options.labels": "x" }, action: "ask" },
        { tool: "mcp__*__read_resource", action: "allow" },
        { tool: "mcp*", action: "ask" },
        { tool: "*", when: { link: "x" }, action: "deny" },
      ]),
    ).toEqual([]);
  });
});
