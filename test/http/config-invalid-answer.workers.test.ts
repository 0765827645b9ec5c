// An invalid configuration is checked before anything is served, and answered 500 config_invalid with no
// detail: the caller may be anyone (auth itself needs the configuration). The detail goes to the log,
// naming the variable and where in it, never quoting its value (the API_KEYS repro leaked a key's start).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app";

const SECRET = "SUPERSECRETKEY1234567890";
const app = createApp();

async function get(path: string, vars: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await app.fetch(new Request(`https://agent.example.com${path}`, { headers }), { ...env, ...vars }, createExecutionContext());
  return { status: res.status, text: await res.text() };
}

describe("an invalid configuration", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => logged.mockClear());

  it("API_KEYS with an unquoted key: 500 config_invalid to an unauthenticated caller, the key nowhere", async () => {
    const res = await get("/v1/sessions/s1", { API_KEYS: `[{"name":"ci","key":${SECRET},"tenant":"acme"}]` });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({ error: { code: "config_invalid", message: expect.not.stringContaining("API_KEYS") } });
    expect(res.text).not.toContain(SECRET.slice(0, 4));
    const log = logged.mock.calls.flat().map(String).join("\n");
    expect(log).toContain("API_KEYS: not valid JSON");
    expect(log).not.toContain(SECRET.slice(0, 4));
  });

  it("WEBHOOKS broken the same way: the same answer, even on a route that needs no token", async () => {
    const res = await get("/healthz", { WEBHOOKS: `[{"url":"https://e.org/h","events":["*"],"secret":${SECRET}}]` });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text).error.code).toBe("config_invalid");
    expect(res.text + logged.mock.calls.flat().map(String).join("\n")).not.toContain(SECRET.slice(0, 4));
  });

  it("MCP_SERVERS broken: the same answer, on the admin's server list too, and the log says where, not what", async () => {
    const raw = `{"mcpServers":{"gh":{"url":"https://mcp.example/mcp","headers":{"Authorization":Bearer ${SECRET}}}}}`;
    const res = await get("/v1/mcp/servers", { MCP_SERVERS: raw, API_TOKEN: "admin-token-0123456789" }, { authorization: "Bearer admin-token-0123456789" });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text).error.code).toBe("config_invalid");
    const log = logged.mock.calls.flat().map(String).join("\n");
    expect(log).toMatch(/MCP_SERVERS: not valid JSON .*line 1, column \d+/);
    expect(res.text + log).not.toContain(SECRET.slice(0, 4));
  });
});
