// A callback link that connects nothing (unknown, used or expired; its server gone from the config; a tenant's
// flow for a `shared` server) is said in the browser's language, chosen by the error's code: the page put the
// code's English message under a Spanish title, in a page that said lang="es". An invalid config never reaches the
// page: it is refused before anything is served.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/http/app";
import { mcpOAuthStore } from "../../../src/mcp/oauth/oauth-object";
import { fromThisMachine, uniqueId } from "../../support/worker-http";

const MCP_SERVERS = JSON.stringify({ mcpServers: { team: { url: "https://team.example/mcp", shared: true } } });

async function callback(state: string, language: string, vars: Record<string, string> = {}) {
  const request = new Request(`https://agent.example.com/v1/mcp/oauth/callback?code=a-code&state=${state}`, { headers: { "accept-language": language } });
  const res = await createApp().fetch(fromThisMachine(request), { ...env, MCP_SERVERS, ...vars }, createExecutionContext());
  return { status: res.status, html: await res.text() };
}

/** A pending authorization of `server` started by `tenant`, as the store keeps one. */
async function flow(server: string, tenant?: string): Promise<string> {
  const state = uniqueId("state");
  await mcpOAuthStore(env).putFlow(state, { server, ...(tenant && { tenant }), expiresAt: Date.now() + 60_000 });
  return state;
}

describe("a callback link that connects nothing", () => {
  it("unknown, used or expired: said in Spanish to a Spanish browser", async () => {
    const page = await callback("not-a-real-state", "es-ES,es;q=0.9");
    expect(page.status).toBe(400);
    expect(page.html).toContain('<html lang="es" dir="ltr">');
    expect(page.html).toContain("<h1>Enlace de autorización no válido</h1>");
    expect(page.html).toContain("<p>Este enlace de autorización es desconocido, ya se usó o caducó. Vuelve a empezar la conexión.</p>");
    expect(page.html).not.toContain("Start again");
  });

  it("for a server no longer configured, or a tenant's for a shared server: said in the browser's language", async () => {
    const gone = await callback(await flow("removed-server"), "de");
    expect(gone.status).toBe(400);
    expect(gone.html).toContain("<p>Der MCP-Server dieses Links ist nicht mehr eingerichtet. Es wurde nichts verbunden.</p>");
    const shared = await callback(await flow("team", "acme"), "ja");
    expect(shared.status).toBe(400);
    expect(shared.html).toContain("接続できるのは運用者だけです");
    expect(shared.html).not.toContain("shared");
  });

  it("under an invalid config: 500 config_invalid, as every route (MCP_SERVERS is checked with every setting)", async () => {
    const page = await callback("any-state", "es", { MCP_SERVERS: "{not json" });
    expect(page.status).toBe(500);
    expect(JSON.parse(page.html)).toMatchObject({ error: { code: "config_invalid" } });
  });
});
