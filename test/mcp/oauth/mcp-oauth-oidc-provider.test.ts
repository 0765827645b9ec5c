// The Worker (wrangler dev) as the MCP client of a server guarded by oidc-provider, whose protected
// resource metadata lists no scopes_supported (test/support/oidc-mcp-server.ts): POST …/authorize asks
// with the scope of the server's challenge, the browser signs in and consents, and the server is
// connected; after oidc-provider restarts knowing nothing of us, authorize notices the forgotten client
// and registers again instead of sending the user to an invalid_client page; DELETE revokes the tokens at
// oidc-provider (RFC 7009). Connections are per tenant; a `shared` one only the operator may change:
// a tenant's server list and runs say so and hand out no authorization URL for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OIDC_MCP_SCOPE, signInThroughOidc, startOidcMcpServer, type OidcMcpServer } from "../../support/oidc-mcp-server";
import { ScriptedModel } from "../../support/scripted-model";
import { parseSse } from "../../support/sse-text";
import { startWranglerDev, type WranglerDev } from "../../support/wrangler-dev";

const OPERATOR = "oidc-operator-token";
const ALICE = "alice-key-oidc-0123456789";
const model = new ScriptedModel();
let oidc: OidcMcpServer;
let worker: WranglerDev;

beforeAll(async () => {
  [oidc] = await Promise.all([startOidcMcpServer(), model.listen()]);
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ALLOW_PRIVATE_FETCH: "true",
      API_TOKEN: OPERATOR,
      API_KEYS: JSON.stringify([{ name: "alice", key: ALICE, tenant: "alice" }]),
      MCP_SERVERS: JSON.stringify({ mcpServers: { notes: { url: oidc.url }, team: { url: oidc.url, shared: true } } }),
    },
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([worker?.stop(), oidc?.close(), model.close()]);
});

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${worker.url}${path}`, { ...init, headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...init.headers } });

async function authorize(server: string, key: string): Promise<URL> {
  const res = await api(`/v1/mcp/servers/${server}/authorize`, key, { method: "POST", body: "{}" });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { authorizationUrl: string }).authorizationUrl);
}

async function connect(server: string, key: string): Promise<URL> {
  const url = await authorize(server, key);
  const callback = await signInThroughOidc(url.href, worker.url);
  const page = await fetch(callback);
  expect(await page.text()).toContain(`${server} is connected`);
  return url;
}

async function status(server: string, key: string) {
  const body = (await (await api("/v1/mcp/servers", key)).json()) as {
    servers: { name: string; status: string; toolCount: number; authorizationUrl?: string; error?: string; shared?: boolean }[];
  };
  return body.servers.find((s) => s.name === server);
}

describe("an MCP server behind oidc-provider", () => {
  it("connects with the scope of the challenge, re-registers after the provider forgot us, and revokes on DELETE", { timeout: 90_000 }, async () => {
    const first = await connect("notes", ALICE);
    expect(first.origin).toBe(oidc.issuer);
    expect(first.searchParams.get("scope")).toBe(OIDC_MCP_SCOPE);
    expect(first.searchParams.get("resource")).toBe(oidc.url);
    expect(await status("notes", ALICE)).toMatchObject({ status: "connected", toolCount: 1 });

    // Per tenant: the operator's connection of the same server is its own, not alice's (registered, not authorized).
    const operators = await status("notes", OPERATOR);
    expect(operators).toMatchObject({ status: "needs_authorization" });
    const staleClient = new URL(operators!.authorizationUrl!).searchParams.get("client_id");

    await oidc.restartAuthorizationServer();
    // The operator's registered client is forgotten: authorize asks first, registers again, and the user never sees invalid_client.
    const fresh = await connect("notes", OPERATOR);
    expect(fresh.searchParams.get("client_id")).not.toBe(staleClient);
    // Alice's tokens die with the old provider: her refresh meets invalid_client and she registers again too.
    const again = await connect("notes", ALICE);
    expect(again.searchParams.get("client_id")).not.toBe(first.searchParams.get("client_id"));
    expect(again.searchParams.get("scope")).toBe(OIDC_MCP_SCOPE);
    expect(await status("notes", ALICE)).toMatchObject({ status: "connected", toolCount: 1 });

    const forgot = await api("/v1/mcp/servers/notes/authorization", ALICE, { method: "DELETE" });
    expect(await forgot.json()).toEqual({ server: "notes", authorized: false, revoked: true });
    expect(await status("notes", ALICE)).toMatchObject({ status: "needs_authorization" });
  });

  it("a shared connection is the operator's to change: a tenant's key gets 403", async () => {
    for (const init of [{ method: "POST", body: "{}" }, { method: "DELETE" }]) {
      const path = init.method === "POST" ? "/v1/mcp/servers/team/authorize" : "/v1/mcp/servers/team/authorization";
      const refused = await api(path, ALICE, init);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
    // Nor is she handed its authorization URL, which would make her account the deployment's: not in the list…
    const listed = await status("team", ALICE);
    expect(listed).toMatchObject({ status: "needs_authorization", toolCount: 0, shared: true, error: expect.stringContaining("only the operator") });
    expect(listed?.authorizationUrl).toBeUndefined();
    // …nor in her run, which goes on without it and says who must connect it.
    const marker = model.script("alice-shared", [{ text: "Not without the team server." }]);
    const res = await api("/v1/sessions/alice-shared/runs", ALICE, { method: "POST", body: JSON.stringify({ input: `${marker} hi`, stream: true }) });
    const events = parseSse(await res.text()).filter((e) => e.data.server === "team");
    expect(events).toMatchObject([
      { event: "warning", data: { code: "mcp_operator_authorization_required", message: expect.stringContaining("only the operator") } },
    ]);

    await connect("team", OPERATOR);
    // Everyone uses the deployment's connection.
    expect(await status("team", ALICE)).toMatchObject({ status: "connected", toolCount: 1 });
  });
});
