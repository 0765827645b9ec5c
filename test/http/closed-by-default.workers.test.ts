// With neither API_TOKEN nor API_KEYS set, /v1 answers only clients connected from this machine, as the
// runtime reports the connection (CF-Connecting-IP); the Host header opens nothing, and a request whose
// client address is unknown is refused. A loopback client must name localhost too (DNS rebinding).
// ALLOW_ANONYMOUS=true opens it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { uniqueId } from "../support/worker-http";

const app = createApp();
const get = (url: string, opts: { client?: string; headers?: Record<string, string>; vars?: Record<string, string> } = {}) =>
  app.fetch(new Request(url, { headers: { ...opts.headers, ...(opts.client ? { "cf-connecting-ip": opts.client } : {}) } }), {
    ...env,
    API_TOKEN: "",
    ...opts.vars,
  });

async function expectRefused(res: Response, what: string) {
  expect(res.status, what).toBe(401);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe("api_token_required");
  expect(error.message).toContain("wrangler secret put API_TOKEN");
  expect(error.message).toContain("ALLOW_ANONYMOUS=true");
}

describe("no secret set: closed by default", () => {
  it("refuses clients connected from elsewhere, whatever host they address", async () => {
    for (const client of ["192.0.2.7", "10.0.0.1", "2001:db8::1", "::ffff:10.0.0.1"]) {
      for (const host of ["localhost", "127.0.0.1", "[::1]", "study-agent-edge.example.workers.dev"]) {
        await expectRefused(await get(`http://${host}/v1/sessions/${uniqueId()}`, { client }), `${client} → ${host}`);
      }
    }
  });

  it("refuses a request whose client address the runtime did not give, though it names a loopback host", async () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]", "localhost:8787"]) await expectRefused(await get(`http://${host}/v1/sessions/${uniqueId()}`), host);
  });

  it("never lets the Host header open it: spellings that read as localhost to a lax parser", async () => {
    const spoofs = ["localhost", "evil.com#@localhost", "evil.com@localhost", "localhost.evil.com", "127.0.0.1.nip.io", "[::1]"];
    for (const host of spoofs) await expectRefused(await get(`https://agent.example.com/v1/sessions/${uniqueId()}`, { headers: { host } }), host);
  });

  it("answers clients connected from loopback addresses, as the admin", async () => {
    for (const client of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      for (const host of ["localhost:8787", "127.0.0.1", "[::1]"]) {
        expect((await get(`http://${host}/v1/sessions/${uniqueId()}`, { client })).status, `${client} → ${host}`).toBe(404);
      }
    }
  });

  it("refuses a loopback client that names another site: a page whose name was rebound to 127.0.0.1 (DNS rebinding)", async () => {
    for (const host of ["agent.example.com", "evil.example.com:8787", "localhost.evil.com", "127.0.0.1.nip.io"]) {
      await expectRefused(await get(`http://${host}/v1/sessions/${uniqueId()}`, { client: "127.0.0.1" }), host);
    }
  });

  it("ALLOW_ANONYMOUS=true opens it to every client; /healthz is never closed", async () => {
    expect((await get(`https://agent.example.com/v1/sessions/${uniqueId()}`, { client: "192.0.2.7", vars: { ALLOW_ANONYMOUS: "true" } })).status).toBe(404);
    expect((await get(`https://agent.example.com/healthz`)).status).toBe(200);
  });
});
