// A phrase book that cannot be read (ASSETS failing) leaves a route with no words to answer in: a dependency
// unavailable, answered 503 phrases_unreadable in the contract's error shape, as the other 503s (no Retry-After,
// as they send none), not a 500 that blames the server's own code.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { fromThisMachine } from "../support/worker-http";

it("a route whose phrase book cannot be read answers 503 phrases_unreadable", async () => {
  const ASSETS = { fetch: () => Promise.resolve(new Response("down", { status: 503 })) };
  const request = fromThisMachine(new Request("https://agent.example.com/v1/mcp/oauth/callback?error=access_denied"));
  const res = await createApp().fetch(request, { ...env, ASSETS }, createExecutionContext());
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ error: { code: "phrases_unreadable", message: expect.stringMatching(/phrase book .*HTTP 503/) } });
});
