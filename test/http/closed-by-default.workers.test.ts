// With neither API_TOKEN nor API_KEYS set, /v1 answers loopback hosts only; ALLOW_ANONYMOUS=true opens it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { uniqueId } from "../support/worker-http";

const app = createApp();
const get = (url: string, vars: Record<string, string> = {}) => app.fetch(new Request(url), { ...env, API_TOKEN: "", ...vars });

describe("no secret set: closed by default", () => {
  it("refuses every non-loopback host with 401 api_token_required, saying how to set the secret", async () => {
    for (const host of ["study-agent-edge.example.workers.dev", "agent.test", "10.0.0.1", "127.0.0.1.nip.io", "localhost.example.com"]) {
      const res = await get(`https://${host}/v1/sessions/${uniqueId()}`);
      expect(res.status, host).toBe(401);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("api_token_required");
      expect(error.message).toContain("wrangler secret put API_TOKEN");
      expect(error.message).toContain("ALLOW_ANONYMOUS=true");
    }
  });

  it("answers loopback hosts (localhost, 127.0.0.1, [::1])", async () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]", "localhost:8787", "127.0.0.1:8787"]) {
      expect((await get(`http://${host}/v1/sessions/${uniqueId()}`)).status, host).toBe(404);
    }
  });

  it("ALLOW_ANONYMOUS=true opens every host; /healthz is never closed", async () => {
    expect((await get(`https://agent.example.com/v1/sessions/${uniqueId()}`, { ALLOW_ANONYMOUS: "true" })).status).toBe(404);
    expect((await get(`https://agent.example.com/healthz`)).status).toBe(200);
  });
});
