// A phrase book that cannot be read (ASSETS failing) leaves a route with no words to answer in: a dependency
// unavailable, answered 503 phrases_unreadable in the contract's error shape, as the other 503s (no Retry-After,
// as they send none), not a 500 that blames the server's own code. A book once read is kept by its module for
// the isolate's life, so the failing read is made by a fresh copy of the app's modules: in a shared isolate
// another test may have read the book already.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import { fromThisMachine } from "../support/worker-http";

const callback = () => fromThisMachine(new Request("https://agent.example.com/v1/mcp/oauth/callback?error=access_denied"));

it("a route whose phrase book cannot be read answers 503 phrases_unreadable", async () => {
  // The book read once, as another test in the isolate may have: that copy answers without asking ASSETS again.
  const warm = (await import("../../src/http/app")).createApp();
  expect((await warm.fetch(callback(), env, createExecutionContext())).status).toBe(400);

  vi.resetModules();
  const { createApp } = await import("../../src/http/app");
  const ASSETS = { fetch: () => Promise.resolve(new Response("down", { status: 503 })) };
  const res = await createApp().fetch(callback(), { ...env, ASSETS }, createExecutionContext());
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ error: { code: "phrases_unreadable", message: expect.stringMatching(/phrase book .*HTTP 503/) } });
});
