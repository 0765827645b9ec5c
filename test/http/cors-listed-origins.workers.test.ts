// CORS_ORIGINS lets the listed browser origins call /v1 with a bearer token: their preflight is answered with
// the methods and headers the clients send, their replies carry the CORS headers; any other origin gets none.
// Unset, nobody gets any (closed by default).
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { script } from "../support/model-control";
import { BASE, fromThisMachine, uniqueId } from "../support/worker-http";

const PAGE = "https://tutor.example.com";
const vars = { CORS_ORIGINS: `${PAGE}, http://localhost:5173`, API_TOKEN: "page-token" };

function send(path: string, init: RequestInit, over: Record<string, string> = vars): Promise<Response> {
  return Promise.resolve(createApp().fetch(fromThisMachine(new Request(BASE + path, init)), { ...env, ...over }, createExecutionContext()));
}

const preflight = (origin: string) => ({
  method: "OPTIONS",
  headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type,idempotency-key,x-session-id" },
});

describe("CORS_ORIGINS", () => {
  it("answers a listed origin's preflight without a token, naming the methods and headers it allows", async () => {
    const res = await send("/v1/chat/completions", preflight(PAGE));
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase().split(",");
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type", "idempotency-key", "x-session-id"]));
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("a listed origin's request with the bearer token gets its answer with the CORS headers", async () => {
    const marker = await script(uniqueId("k"), [{ text: "Hi from the page." }]);
    const res = await send("/v1/chat/completions", {
      method: "POST",
      headers: { origin: PAGE, authorization: "Bearer page-token", "content-type": "application/json" },
      body: JSON.stringify({ model: "study-agent", messages: [{ role: "user", content: `${marker} hi` }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(res.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("x-run-id");
    expect(((await res.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe("Hi from the page.");

    // The token is still required: CORS lets the page ask, not skip auth.
    const noToken = await send("/v1/models", { headers: { origin: PAGE } });
    expect(noToken.status).toBe(401);
  });

  it("an unlisted origin, or any origin while CORS_ORIGINS is unset, gets no CORS headers", async () => {
    for (const [origin, over] of [
      ["https://evil.example", vars],
      [PAGE, { API_TOKEN: "page-token" }],
    ] as const) {
      const res = await send("/v1/chat/completions", preflight(origin), over);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-allow-methods")).toBeNull();
      const get = await send("/v1/models", { headers: { origin, authorization: "Bearer page-token" } }, over);
      expect(get.status).toBe(200);
      expect(get.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("a value that is not a list of origins is a configuration error", async () => {
    const res = await send("/v1/models", { headers: { authorization: "Bearer page-token" } }, { ...vars, CORS_ORIGINS: "https://tutor.example.com/app" });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("config_invalid");
  });
});
