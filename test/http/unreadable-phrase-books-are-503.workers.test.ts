// A phrase book that cannot be read (ASSETS failing) leaves a route with no words to answer in: a dependency
// unavailable, answered 503 phrases_unreadable in the contract's error shape, as the other 503s (no Retry-After,
// as they send none), not a 500 that blames the server's own code. A book is kept per ASSETS binding (the
// runtime hands every request the same one): a book the real binding read first, as another test in the
// suite's shared isolate may have, does not stand in for a failing binding's.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { fromThisMachine } from "../support/worker-http";

const callback = () => fromThisMachine(new Request("https://agent.example.com/v1/mcp/oauth/callback?error=access_denied"));

it("a route whose phrase book cannot be read answers 503 phrases_unreadable", async () => {
  const app = createApp();
  expect((await app.fetch(callback(), env, createExecutionContext())).status).toBe(400);

  const ASSETS = { fetch: () => Promise.resolve(new Response("down", { status: 503 })) };
  const res = await app.fetch(callback(), { ...env, ASSETS }, createExecutionContext());
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ error: { code: "phrases_unreadable", message: expect.stringMatching(/phrase book .*HTTP 503/) } });
});
