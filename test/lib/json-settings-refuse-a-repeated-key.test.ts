// A JSON setting whose object gives one key twice is refused with the configuration (before anything is
// served), naming the variable and the object's path: JSON.parse keeps the last and drops the other without a
// word (a second MCP server, a key's tenant, a rule's tool). The same key in two objects is no repeat.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";
import { long, quick } from "../support/linear-time";

const KEY = "SUPERSECRETKEY1234567890";
const server = (host: string) => `{"url":"https://${host}.example/mcp"}`;
const hook = (secret: string) => `{"url":"https://e.org/h","events":["run.completed"],"secret":"${secret}"}`;

describe("a JSON setting with a repeated key", () => {
  it.each([
    ["MCP_SERVERS", `MCP_SERVERS.mcpServers: "gh" is given twice`, `{"mcpServers":{"gh":${server("a")},"gh":${server("b")}}}`],
    ["MCP_SERVERS", `MCP_SERVERS: "mcpServers" is given twice`, `{"mcpServers":{},"mcpServers":{"gh":${server("a")}}}`],
    [
      "MCP_SERVERS",
      `MCP_SERVERS.mcpServers.gh.headers: "Authorization" is given twice`,
      `{"mcpServers":{"gh":{"url":"https://a.example/mcp","headers":{"Authorization":"Bearer ${KEY}","Authorization":"x"}}}}`,
    ],
    // An escape spells the same key: JSON.parse reads both as "gh".
    ["MCP_SERVERS", `MCP_SERVERS.mcpServers: "gh" is given twice`, `{"mcpServers":{"gh":${server("a")},"g\\u0068":${server("b")}}}`],
    ["API_KEYS", `API_KEYS.0: "key" is given twice`, `[{"name":"ci","key":"${KEY}","key":"${KEY}-2","tenant":"acme"}]`],
    [
      "API_KEYS",
      `API_KEYS.1: "tenant" is given twice`,
      `[{"name":"ci","key":"${KEY}","tenant":"acme"},{"name":"ci","tenant":"acme","tenant":"beta","sha256":"${"a".repeat(64)}"}]`,
    ],
    ["WEBHOOKS", `WEBHOOKS.0: "secret" is given twice`, `[${hook(KEY).replace("}", `,"secret":"${KEY}-2"}`)}]`],
    ["HOOKS", `HOOKS.1: "events" is given twice`, `[${hook(KEY)},{"url":"https://e.org/h2","events":["run.completed"],"events":["run.*"],"secret":"${KEY}"}]`],
    [
      "PERMISSIONS",
      `PERMISSIONS.1.when.url: "host" is given twice`,
      `[{"tool":"web_search","action":"allow"},{"tool":"fetch_webpage","when":{"url":{"host":"a.org","host":"b.org"}},"action":"deny"}]`,
    ],
    ["PERMISSIONS", `PERMISSIONS.0: "tool" is given twice`, `[{"tool":"web_search","tool":"fetch_webpage","action":"deny"}]`],
  ])("%s is refused: %s", (name, issue, text) => {
    const issues = configIssues({ [name]: text });
    expect(issues).toContain(`${issue} (JSON keeps only the last)`);
    expect(issues.join("\n")).not.toContain(KEY.slice(0, 4));
  });

  it("only a key repeated within one object is refused: the same key in two objects, or at two depths, is not", () => {
    expect(
      configIssues({
        MCP_SERVERS: `{"mcpServers":{"gh":{"url":"https://a.example/mcp","headers":{"url":"x"}},"docs":{"url":"https://b.example/mcp","url":"x"}}}`,
        API_KEYS: `[{"name":"ci","key":"${KEY}","tenant":"acme"},{"name":"ops","key":"${KEY}-2","tenant":"acme"}]`,
        WEBHOOKS: `[${hook(KEY)},{"url":"https://e.org/h2","events":["run.completed"],"secret":"${KEY}"}]`,
        PERMISSIONS: `[{"tool":"web_search","action":"allow"},{"tool":"fetch_webpage","action":"deny"}]`,
      }),
    ).toEqual([`MCP_SERVERS.mcpServers.docs: "url" is given twice (JSON keeps only the last)`]);
  });

  it("is found in time linear in the text, and nesting past the scan's stack is refused, not thrown", () => {
    const headers = Array.from({ length: 50_000 }, (_, i) => `"h${i}":"v"`).join(",");
    const issues = quick(() => configIssues({ MCP_SERVERS: `{"mcpServers":{"gh":{"url":"https://a.example/mcp","headers":{${headers},"h0":"v"}}}}` }));
    expect(issues).toEqual([`MCP_SERVERS.mcpServers.gh.headers: "h0" is given twice (JSON keeps only the last)`]);
    const deep = `[${long("[", 200_000)}${long("]", 200_000)}]`;
    expect(configIssues({ API_KEYS: deep })).toEqual(["API_KEYS: nested too deeply to check for a repeated key"]);
  });
});
