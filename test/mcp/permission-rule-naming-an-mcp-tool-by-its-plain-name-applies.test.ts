// A PERMISSIONS rule naming an MCP tool as a person writes it, mcp__<server>__<tool>, applies also when that
// name is over 64 characters or has characters the model APIs refuse: the model sees a cut and hashed name
// (`…_ri_02854fa6`), and a deny rule that matched only that one was accepted and never applied, so the tool ran.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tool } from "../../src/agent/tools";
import { loadConfig } from "../../src/config";
import { PermissionPolicy } from "../../src/lib/permissions";
import { parseMcpConfig } from "../../src/mcp/config";
import { McpManager } from "../../src/mcp/manager";
import { configIssues } from "../support/config-issues";
import { startTestMcpServer, type TestMcpServer } from "../support/mcp-test-server";

const LONG = "delete_every_row_of_the_production_database_right_now_please";
const PLAIN = `mcp__db__${LONG}`;
const readOnly = { annotations: { readOnlyHint: true } };

let server: TestMcpServer;
let manager: McpManager;
let tools: Tool[];

beforeAll(async () => {
  server = await startTestMcpServer({
    tools: [
      { name: LONG, annotations: { destructiveHint: false } },
      { name: "get.issue", ...readOnly },
      { name: "short", ...readOnly },
    ],
  });
  manager = new McpManager(parseMcpConfig({ mcpServers: { db: { url: server.url } } }));
  ({ tools } = await manager.connectAll());
});
afterAll(async () => {
  await manager?.close();
  await server?.close();
});

const named = (plain: string) => {
  const tool = tools.find((t) => t.name === plain || t.aliases?.includes(plain));
  if (!tool) throw new Error(`no tool ${plain} among ${tools.map((t) => t.name).join(", ")}`);
  return tool;
};
const policy = (rules: unknown[]) => new PermissionPolicy(loadConfig({ PERMISSIONS: JSON.stringify(rules) }).PERMISSIONS);

describe("a permission rule naming an MCP tool by its plain name", () => {
  it("is offered to the model under another name, which the rule does not spell", () => {
    expect(PLAIN.length).toBeGreaterThan(64);
    expect(named(PLAIN).name).toMatch(/^mcp__db__delete_every_row_of_the_production_database_ri_[0-9a-f]{8}$/);
    expect(named("mcp__db__get.issue").name).toMatch(/^mcp__db__get_issue_[0-9a-f]{8}$/);
  });

  it("denies, asks or allows the call as the rule says, over 64 characters", () => {
    expect(configIssues({ PERMISSIONS: JSON.stringify([{ tool: PLAIN, action: "deny" }]) })).toEqual([]);
    const denied = policy([{ tool: PLAIN, action: "deny" }]).decide(named(PLAIN), {});
    expect(denied).toMatchObject({ action: "deny" });
    expect(denied.reason).toContain("PERMISSIONS rule 1");
    expect(policy([{ tool: PLAIN, action: "ask" }]).decide(named(PLAIN), {}).action).toBe("ask");
    expect(policy([{ tool: "mcp__db__delete_*", action: "deny" }]).decide(named(PLAIN), {}).action).toBe("deny");
    // Destructive by its annotations: allowed only when a rule says so.
    const destructive = { ...named(PLAIN), annotations: { destructive: true } };
    expect(policy([]).decide(destructive, {}).action).toBe("ask");
    expect(policy([{ tool: PLAIN, action: "allow" }]).decide(destructive, {}).action).toBe("allow");
  });

  it("with a `when`, judges the call's arguments under the plain name too", () => {
    const rules = policy([{ tool: PLAIN, when: { table: "users" }, action: "deny" }]);
    expect(rules.decide(named(PLAIN), { table: "users" }).action).toBe("deny");
    expect(rules.decide(named(PLAIN), { table: "logs" }).action).toBe("allow");
  });

  it("loads and applies when the tool's name has characters the model APIs refuse", () => {
    expect(configIssues({ PERMISSIONS: JSON.stringify([{ tool: "mcp__db__get.issue", action: "deny" }]) })).toEqual([]);
    expect(policy([{ tool: "mcp__db__get.issue", action: "deny" }]).decide(named("mcp__db__get.issue"), {}).action).toBe("deny");
  });

  it("still matches the model-facing name, and a name that fits has no other", () => {
    const facing = named(PLAIN).name;
    expect(policy([{ tool: facing, action: "deny" }]).decide(named(PLAIN), {}).action).toBe("deny");
    expect(named("mcp__db__short").aliases).toBeUndefined();
    expect(policy([{ tool: PLAIN, action: "deny" }]).decide(named("mcp__db__short"), {}).action).toBe("allow");
  });
});
