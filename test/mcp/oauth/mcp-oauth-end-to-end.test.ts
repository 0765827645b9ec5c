// Connecting an OAuth-protected MCP server, end to end: the Worker under `wrangler dev` (workerd, the
// real wrangler.toml, its Durable Objects) and a local MCP server guarded by the SDK's server-side auth
// helpers (test/support/mcp-oauth-server.ts). A run before authorization goes on without the server
// and says where to authorize; the user connects it from the API and the browser; a run then uses its
// tools; tokens are refreshed before they expire; revocation and DELETE send it back to
// needs_authorization; no token ever shows in the Worker's logs or the session's trace. The same
// session shows the run-lifetime fixes: the stdio warning once per run, and the breaker of an
// unreachable server opening across runs (it lived and died with each run before).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeadEndServer, type DeadEndServer } from "../../support/dead-end-server";
import { startOAuthMcpServer, type OAuthMcpServer } from "../../support/mcp-oauth-server";
import { ScriptedModel } from "../../support/scripted-model";
import { parseSse, type SseEvent } from "../../support/sse-text";
import { startWranglerDev, type WranglerDev } from "../../support/wrangler-dev";

const model = new ScriptedModel();
let notes: OAuthMcpServer;
let gone: DeadEndServer;
let worker: WranglerDev;
const SESSIONS = ["oauth-before", "oauth-run", "oauth-breaker"];

beforeAll(async () => {
  // Access tokens that live 30 s are inside the refresh margin (60 s): every connection refreshes first.
  [notes, gone] = await Promise.all([startOAuthMcpServer({ accessTokenSeconds: 30 }), startDeadEndServer(), model.listen()]);
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ALLOW_PRIVATE_FETCH: "true",
      // The whole flow with the OAuth state sealed at rest (docs/mcp.md "OAuth").
      MCP_TOKEN_KEY: "e2e-mcp-token-key",
      MCP_SERVERS: JSON.stringify({
        mcpServers: {
          notes: { url: notes.url },
          gone: { url: gone.url, timeoutMs: 2000 },
          desk: { command: "npx", args: ["some-stdio-server"] },
        },
      }),
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), notes?.close(), gone?.close(), model.close()]);
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${worker.url}${path}`, { ...init, headers: { "content-type": "application/json", ...init.headers } });

async function streamRun(session: string, input: string): Promise<SseEvent[]> {
  const res = await api(`/v1/sessions/${session}/runs`, { method: "POST", body: JSON.stringify({ input, stream: true }) });
  expect(res.status).toBe(200);
  return parseSse(await res.text());
}

const warnings = (events: SseEvent[], code: string) => events.filter((e) => e.event === "warning" && e.data.code === code);

async function servers(): Promise<Record<string, Record<string, unknown>>> {
  const res = await api("/v1/mcp/servers");
  expect(res.status).toBe(200);
  const body = (await res.json()) as { servers: Record<string, unknown>[] };
  return Object.fromEntries(body.servers.map((s) => [s.name, s]));
}

describe("an OAuth-protected MCP server", () => {
  it("before authorization: the run goes on without it and says where to authorize; the stdio warning comes once", async () => {
    const marker = model.script("oauth-before", [{ text: "I cannot read your notes yet." }]);
    const events = await streamRun("oauth-before", `${marker} read my note`);
    const asked = events.find((e) => e.event === "mcp.authorization_required");
    expect(asked?.data).toMatchObject({ server: "notes", authorizationUrl: expect.stringContaining(new URL(notes.url).origin) });
    expect(new URL(String(asked!.data.authorizationUrl)).searchParams.get("code_challenge_method")).toBe("S256");
    expect(warnings(events, "mcp_stdio_unsupported")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed" } });
    expect(
      model
        .requests("oauth-before")[0]!
        .tools!.map((t) => t.function.name)
        .some((n) => n.startsWith("mcp__notes__")),
    ).toBe(false);
  });

  it("connects from the API: authorize, the browser's round trip, a single-use callback", async () => {
    const before = await servers();
    expect(before.notes).toMatchObject({ status: "needs_authorization", authorizationUrl: expect.any(String), toolCount: 0 });
    expect(before.gone).toMatchObject({ status: "failed", error: expect.any(String) });
    expect(before.desk).toMatchObject({ status: "disabled" });

    const started = await api("/v1/mcp/servers/notes/authorize", { method: "POST", body: "{}" });
    expect(started.status).toBe(200);
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    // The browser: the authorization server redirects to our callback (the user consented).
    const consent = await fetch(authorizationUrl, { redirect: "manual" });
    const callback = consent.headers.get("location")!;
    expect(callback.startsWith(`${worker.url}/v1/mcp/oauth/callback?`)).toBe(true);
    const page = await fetch(callback); // no bearer token, like a browser
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("notes is connected");
    const replay = await fetch(callback);
    expect(replay.status).toBe(400);

    const after = await servers();
    expect(after.notes).toMatchObject({ status: "connected", toolCount: 1 });
    expect((await api("/v1/mcp/servers/nope/authorize", { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("a run uses its tools, with tokens refreshed before they expire", async () => {
    const refreshesBefore = notes.counts.refreshes;
    const marker = model.script("oauth-run", [
      { toolCalls: [{ name: "mcp__notes__read_note", args: { title: "groceries" } }] },
      { text: "The word is swordfish." },
    ]);
    const events = await streamRun("oauth-run", `${marker} read my note`);
    const finished = events.find((e) => e.event === "tool.finished");
    expect(finished?.data).toMatchObject({ name: "mcp__notes__read_note", status: "success", output: expect.stringContaining("swordfish") });
    expect(events.some((e) => e.event === "mcp.authorization_required")).toBe(false);
    expect(notes.counts.codeExchanges).toBe(1);
    expect(notes.counts.refreshes).toBeGreaterThan(refreshesBefore);
  });

  it("the breaker of an unreachable server opens across runs of the session", async () => {
    const marker = model.script("oauth-breaker", [{ text: "1" }, { text: "2" }, { text: "3" }, { text: "4" }]);
    // Three runs fail to reach "gone"; the third failure opens its circuit, so the fourth run does not wait on it.
    for (let i = 0; i < 3; i++) expect(warnings(await streamRun("oauth-breaker", `${marker} hi`), "mcp_connect_failed")).toHaveLength(1);
    const events = await streamRun("oauth-breaker", "hi again");
    expect(warnings(events, "mcp_circuit_open")).toHaveLength(1);
    expect(warnings(events, "mcp_connect_failed")).toHaveLength(0);
  });

  it("revocation at the provider, then DELETE, send it back to needs_authorization", async () => {
    notes.revokeAll();
    expect((await servers()).notes).toMatchObject({ status: "needs_authorization" });
    const forgotten = await api("/v1/mcp/servers/notes/authorization", { method: "DELETE" });
    expect(forgotten.status).toBe(200);
    expect((await servers()).notes).toMatchObject({ status: "needs_authorization" });
  });

  it("never shows a token in the Worker's logs or the session's trace", async () => {
    const traces = await Promise.all(SESSIONS.map(async (s) => (await api(`/v1/sessions/${s}/events`)).text()));
    expect(traces.join("\n")).toContain("mcp__notes__read_note");
    expect(notes.issued.length).toBeGreaterThanOrEqual(4);
    for (const token of notes.issued) {
      expect(worker.output()).not.toContain(token);
      for (const trace of traces) expect(trace).not.toContain(token);
    }
  });
});
