// With CORS_ORIGINS set, every /v1 answer depends on the request's Origin: a listed page's carries the CORS
// headers, anyone else's does not. So each says `Vary: Origin`, also those without CORS headers (no Origin,
// an unlisted one): without it a cache (the browser's own too: images are cached `private, max-age`) could hand
// an answer without the headers to the listed page, which its browser then refuses. Unset, nothing varies.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { BASE, fromThisMachine } from "../support/worker-http";

const PAGE = "https://tutor.example.com";
const vars = { CORS_ORIGINS: PAGE, API_TOKEN: "page-token" };

function send(headers: Record<string, string>, over: Record<string, string> = vars): Promise<Response> {
  const req = new Request(`${BASE}/v1/models`, { headers: { authorization: "Bearer page-token", ...headers } });
  return Promise.resolve(createApp().fetch(fromThisMachine(req), { ...env, ...over }, createExecutionContext()));
}

const varies = (res: Response) =>
  (res.headers.get("vary") ?? "")
    .toLowerCase()
    .split(",")
    .map((v) => v.trim())
    .includes("origin");

describe("Vary: Origin while CORS_ORIGINS is set", () => {
  it("is on the listed page's answer and on the answers without CORS headers", async () => {
    const listed = await send({ origin: PAGE });
    expect(listed.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(varies(listed)).toBe(true);
    for (const headers of [{}, { origin: "https://elsewhere.example" }] as Array<Record<string, string>>) {
      const res = await send(headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(varies(res)).toBe(true);
    }
  });

  it("is not added while CORS_ORIGINS is unset", async () => {
    const res = await send({ origin: PAGE }, { API_TOKEN: "page-token" });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(varies(res)).toBe(false);
  });
});
