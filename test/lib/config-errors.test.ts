// A setting that does not parse is named with its path (and, for JSON, the line and column of the syntax
// error), never quoted: API_KEYS, WEBHOOKS and MCP_SERVERS hold secrets, and the message reaches logs and runs.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { parseMcpConfig } from "../../src/mcp/config";

const SECRET = "SUPERSECRETKEY1234567890";

function configMessage(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("config errors", () => {
  it("API_KEYS with an unquoted key: the variable, the line and column, and not a character of the key", () => {
    const message = configMessage({ API_KEYS: `[{"name":"ci","key":${SECRET},"tenant":"acme"}]` });
    expect(message).toContain("API_KEYS: not valid JSON");
    expect(message).toMatch(/line 1, column 21/);
    expect(message).not.toContain(SECRET.slice(0, 4));
  });

  it("a key too short to be one is refused by its path, without the key", () => {
    const message = configMessage({ API_KEYS: JSON.stringify([{ name: "ci", key: "SUPERSHORT", tenant: "acme" }]) });
    expect(message).toContain("API_KEYS.0.key");
    expect(message).not.toContain("SUPERSHORT");
  });

  it("WEBHOOKS with a broken document and with an unknown event: the path, not the secret nor the event", () => {
    const broken = configMessage({ WEBHOOKS: `[{"url":"https://e.org/h","events":["run.completed"],"secret":${SECRET}}]` });
    expect(broken).toMatch(/WEBHOOKS: not valid JSON \(.* at line 1, column \d+\)/);
    expect(broken).not.toContain(SECRET.slice(0, 4));
    const unknown = configMessage({ WEBHOOKS: JSON.stringify([{ url: "https://e.org/h", events: ["run.SECRETIVE"], secret: SECRET }]) });
    expect(unknown).toContain("WEBHOOKS.0.events.0: matches no event type");
    expect(unknown).not.toContain("SECRETIVE");
  });

  it("a PLAN_MAX_STEPS over TODO_MAX_ITEMS: a plan-solve plan becomes the todo list, which could not hold it", () => {
    expect(configMessage({ TODO_MAX_ITEMS: "5" })).toContain("PLAN_MAX_STEPS: is 8, more than TODO_MAX_ITEMS (5)");
    expect(() => loadConfig({ TODO_MAX_ITEMS: "8" })).not.toThrow();
  });

  it("WEBHOOKS naming one url twice: the second entry, by its path (its events would go signed with the first's secret)", () => {
    const hook = (events: string[], secret: string) => ({ url: "https://e.org/h", events, secret });
    const twice = configMessage({ WEBHOOKS: JSON.stringify([hook(["run.completed"], SECRET), hook(["run.*"], `${SECRET}-2`)]) });
    expect(twice).toContain("WEBHOOKS.1.url: another entry has this url");
    expect(twice).not.toContain(SECRET.slice(0, 4));
  });

  it("MCP_SERVERS with a broken document: its position, not its headers", () => {
    const raw = `{"mcpServers":{"gh":{"url":"https://mcp.example/mcp","headers":{"Authorization":Bearer ${SECRET}}}}}`;
    expect(() => parseMcpConfig(raw)).toThrow(/MCP_SERVERS: not valid JSON \(.* at line 1, column \d+\)/);
    expect(() => parseMcpConfig(raw)).not.toThrow(new RegExp(SECRET.slice(0, 4)));
  });

  it("every issue of every slice is reported together", () => {
    const message = configMessage({ MAX_STEPS: "0", COURSE_SHARDS: "many", SEARCH_PROVIDER: "tavily" });
    expect(message).toContain("MAX_STEPS");
    expect(message).toContain("COURSE_SHARDS");
    expect(message).toContain("SEARCH_API_KEY: SEARCH_PROVIDER=tavily needs SEARCH_API_KEY");
  });
});
