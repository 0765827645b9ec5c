// /mcp as an OAuth 2.1 protected resource, end to end under wrangler dev (workerd, the real wrangler.toml,
// its KV): the official SDK client's OAuth provider runs the whole flow from the first 401 (discovery,
// dynamic registration, consent on our page signed with a tenant's key, PKCE token, tool calls, refresh,
// revocation), and a second tenant's token does not see the first tenant's lessons. The static keys keep
// working, a forged consent does nothing, and every 401 of /mcp carries the resource metadata.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentInBrowser, MemoryOAuthClient } from "../support/mcp-consent-browser";
import type { PageServer } from "../support/page-server";
import type { ScriptedModel } from "../support/scripted-model";
import { studyReplies } from "../support/study-script";
import { startStudyWorker, type StudyWorker } from "../support/study-worker";
import type { WranglerDev } from "../support/wrangler-dev";
import { ROOT } from "../support/paths";

const OPERATOR = "oauth-operator-token";
const KEYS = { alice: "alice-key-0123456789abcdef", bob: "bob-key-0123456789abcdef0" };
const REDIRECT = "http://127.0.0.1:33418/callback";
const NODE22 = join(ROOT, "node_modules/.bin/node");

let study: StudyWorker;
let model: ScriptedModel;
let web: PageServer;
let worker: WranglerDev;

beforeAll(async () => {
  study = await startStudyWorker({
    API_TOKEN: OPERATOR,
    API_KEYS: JSON.stringify([
      { name: "alice", key: KEYS.alice, tenant: "alice" },
      { name: "bob", key: KEYS.bob, tenant: "bob" },
    ]),
  });
  ({ model, web, worker } = study);
}, 120_000);
afterAll(() => study?.stop());

const mcpUrl = () => new URL(`${worker.url}/mcp`);

/** Connects the SDK client with its OAuth provider, doing the browser's part with `key` when asked. */
async function connectWithOAuth(oauth: MemoryOAuthClient, key: string): Promise<Client> {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth });
  const refused = await client.connect(first).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UnauthorizedError);
  const { redirect } = await consentInBrowser(oauth.authorizationUrl!, key);
  expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
  expect(redirect.searchParams.get("iss")).toBe(worker.url);
  await first.finishAuth(redirect.searchParams.get("code")!);
  const connected = new Client({ name: "oauth-test", version: "1.0.0" });
  await connected.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth }));
  return connected;
}

const text = (r: CallToolResult) => r.content.map((p) => (p.type === "text" ? p.text : "")).join("\n");

describe("/mcp behind OAuth 2.1", () => {
  it("answers 401 with a resource_metadata challenge and publishes both metadata documents", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${worker.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('scope="mcp"');
    const bad = await fetch(mcpUrl(), { method: "POST", headers: { authorization: "Bearer nope", "content-type": "application/json" }, body: "{}" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain("resource_metadata=");

    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const prm = (await (await fetch(`${worker.url}${path}`)).json()) as Record<string, unknown>;
      expect(prm).toMatchObject({ resource: `${worker.url}/mcp`, authorization_servers: [worker.url], scopes_supported: ["mcp"] });
    }
    const as = (await (await fetch(`${worker.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: worker.url,
      authorization_endpoint: `${worker.url}/oauth/authorize`,
      token_endpoint: `${worker.url}/oauth/token`,
      registration_endpoint: `${worker.url}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["mcp"],
    });
    expect(as.revocation_endpoint).toBeDefined();
  });

  it("the SDK client: discovery, registration, consent, token, calls, refresh, revocation; tenants stay apart", { timeout: 90_000 }, async () => {
    const alice = new MemoryOAuthClient(REDIRECT);
    const client = await connectWithOAuth(alice, KEYS.alice);
    expect(alice.client?.client_id).toBeTruthy(); // registered dynamically
    expect(alice.stored).toMatchObject({ token_type: expect.stringMatching(/bearer/i), refresh_token: expect.any(String), scope: "mcp" });
    expect(alice.stored!.expires_in).toBeLessThanOrEqual(3600);

    // A tool call as alice: study saves a lesson under her tenant.
    const marker = model.script("oauth-alice-study", studyReplies(web.origin, "alice-oauth-lesson"));
    const studied = (await client.callTool({ name: "study", arguments: { topic: `${marker} derivatives` } })) as CallToolResult;
    expect(studied.isError).toBeFalsy();
    expect(text((await client.callTool({ name: "list_lessons", arguments: {} })) as CallToolResult)).toContain("alice-oauth-lesson.md");

    // Refresh: the access token is gone stale; the SDK answers the 401 by refreshing and retries.
    const before = alice.stored!;
    alice.stored = { ...before, access_token: "expired-or-lost" };
    await client.close();
    const again = new Client({ name: "oauth-test", version: "1.0.0" });
    await again.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: alice }));
    expect(alice.stored.access_token).not.toBe(before.access_token);
    expect(alice.stored.refresh_token).not.toBe(before.refresh_token); // refresh tokens rotate
    expect(text((await again.callTool({ name: "list_lessons", arguments: {} })) as CallToolResult)).toContain("alice-oauth-lesson.md");
    const course = (await again.callTool({ name: "create_course", arguments: { topic: "Alice's organic chemistry" } })) as CallToolResult;
    const courseId = (course.structuredContent as { id: string }).id;
    expect(((await again.callTool({ name: "get_course", arguments: { id: courseId } })) as CallToolResult).structuredContent).toMatchObject({ id: courseId });
    await again.close();

    // Bob consents with his key: his token does not see alice's lesson.
    const bob = await connectWithOAuth(new MemoryOAuthClient(REDIRECT, "Bob's client"), KEYS.bob);
    expect(text((await bob.callTool({ name: "list_lessons", arguments: {} })) as CallToolResult)).not.toContain("alice-oauth-lesson.md");
    const peek = (await bob.callTool({ name: "get_lesson", arguments: { key: "alice-oauth-lesson.md" } })) as CallToolResult;
    expect(peek.isError).toBe(true);
    // Nor her course: as good as absent, to read or to resume.
    for (const name of ["get_course", "resume_course"])
      expect(text((await bob.callTool({ name, arguments: { id: courseId } })) as CallToolResult)).toBe(
        `No course ${courseId}: create_course answers the id of one it creates.`,
      );
    await bob.close();

    // Revocation (RFC 7009) at the token endpoint: the access token stops working at once.
    const access = alice.stored.access_token;
    const revoked = await fetch(`${worker.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: access, token_type_hint: "access_token", client_id: alice.client!.client_id }),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(mcpUrl(), {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("refuses a consent signed with a wrong key, and a denied one sends access_denied back to the client", async () => {
    const oauth = new MemoryOAuthClient(REDIRECT);
    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(consentInBrowser(oauth.authorizationUrl!, "not-a-key-of-this-deployment")).rejects.toThrow(/consent answered 401/);
    const { page, redirect } = await consentInBrowser(oauth.authorizationUrl!, "", "deny");
    expect(page).toContain("SDK OAuth test client");
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe(oauth.authorizationUrl!.searchParams.get("state"));
  });

  it("a consent form posted without the browser's cookie (CSRF) or twice does nothing", async () => {
    const oauth = new MemoryOAuthClient(REDIRECT);
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth });
    await new Client({ name: "csrf", version: "1" }).connect(transport).catch(() => {});
    const page = await (await fetch(oauth.authorizationUrl!, { redirect: "manual" })).text();
    const handle = /name="handle" value="([^"]+)"/.exec(page)![1]!;
    const forged = await fetch(`${worker.url}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ handle, key: KEYS.alice, decision: "approve" }),
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("location")).toBeNull();
  });

  it("static keys keep working as bearers of /mcp", async () => {
    for (const key of [OPERATOR, KEYS.bob]) {
      const client = new Client({ name: "static-key", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("study");
      await client.close();
    }
  });
});

/** mcp-remote as Claude Desktop runs it (stdio), with its own config dir; `BROWSER` keeps a real browser shut. */
function mcpRemote(configDir: string): { client: Client; transport: StdioClientTransport; authorizationUrl: Promise<URL>; log(): string } {
  const transport = new StdioClientTransport({
    command: NODE22,
    args: [join(ROOT, "node_modules/.bin/mcp-remote"), `${worker.url}/mcp`],
    env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: "true", DISPLAY: "" },
    cwd: ROOT,
    stderr: "pipe",
  });
  let log = "";
  const authorizationUrl = new Promise<URL>((resolve) =>
    transport.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const found = /Please authorize this client by visiting:\s+(\S+)/.exec(log);
      if (found) resolve(new URL(found[1]!));
    }),
  );
  return { client: new Client({ name: "claude-desktop-like", version: "1.0.0" }), transport, authorizationUrl, log: () => log };
}

describe("mcp-remote (Claude Desktop's bridge) through the OAuth flow", () => {
  // Each request may wait out the whole flow (mcp-remote's start, discovery, registration, consent, token): once
  // on a loaded 2-core machine that took past the SDK's 60 s default. A real hang still fails, with mcp-remote's log.
  const slow = { timeout: 150_000 };
  it("registers, asks the user, connects, refreshes after a restart, and asks again after revocation", { timeout: 300_000 }, async () => {
    const configDir = mkdtempSync(join(tmpdir(), "mcp-remote-"));
    const first = mcpRemote(configDir);
    const connected = first.client.connect(first.transport, slow).catch((err: unknown) => {
      throw new Error(`mcp-remote did not connect: ${String(err)}\n${first.log()}`);
    });
    // The browser's part: our consent page, bob's key, then the redirect to mcp-remote's own callback.
    const { redirect } = await consentInBrowser(await first.authorizationUrl, KEYS.bob);
    expect(["localhost", "127.0.0.1"]).toContain(redirect.hostname);
    expect((await fetch(redirect)).status).toBe(200);
    await connected;
    expect((await first.client.listTools(undefined, slow)).tools.map((t) => t.name)).toContain("study");
    const lessons = (await first.client.callTool({ name: "list_lessons", arguments: {} }, undefined, slow)) as CallToolResult;
    expect(lessons.isError).toBeFalsy();
    await first.client.close();

    // Refresh: the stored access token is spoilt; a new mcp-remote refreshes without asking anyone.
    const tokensFile = (readdirSync(configDir, { recursive: true }) as string[]).find((f) => f.endsWith("_tokens.json"))!;
    const tokens = JSON.parse(readFileSync(join(configDir, tokensFile), "utf8")) as { access_token: string; refresh_token: string };
    writeFileSync(join(configDir, tokensFile), JSON.stringify({ ...tokens, access_token: "spoilt" }));
    const second = mcpRemote(configDir);
    await second.client.connect(second.transport, slow).catch((err: unknown) => {
      throw new Error(`mcp-remote did not connect with its refreshed token: ${String(err)}\n${second.log()}`);
    });
    expect((await second.client.listTools(undefined, slow)).tools.length).toBeGreaterThan(0);
    await second.client.close();
    const refreshed = JSON.parse(readFileSync(join(configDir, tokensFile), "utf8")) as { access_token: string; refresh_token: string };
    expect(refreshed.access_token).not.toBe("spoilt");

    // Revocation of the refresh token ends the grant: the next mcp-remote has to ask the user again.
    const clientFile = (readdirSync(configDir, { recursive: true }) as string[]).find((f) => f.endsWith("_client_info.json"))!;
    const { client_id } = JSON.parse(readFileSync(join(configDir, clientFile), "utf8")) as { client_id: string };
    const revoked = await fetch(`${worker.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshed.refresh_token, token_type_hint: "refresh_token", client_id }),
    });
    expect(revoked.status).toBe(200);
    const third = mcpRemote(configDir);
    const asking = third.client.connect(third.transport).catch(() => undefined);
    expect((await third.authorizationUrl).pathname).toBe("/oauth/authorize");
    await third.transport.close();
    await asking;
  });
});
