// The MCP layer inside workerd (through wrangler's dev server), against server-everything over
// Streamable HTTP and SSE. This is where the SDK's default ajv validator breaks: listing a tool
// with an output schema (get-structured-content) compiles a validator, and calling it validates.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { unstable_dev, type Unstable_DevWorker } from "wrangler";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { fromRoot } from "../support/paths";

let streamable: EverythingServer;
let sse: EverythingServer;
let worker: Unstable_DevWorker;
let configDir: string;

beforeAll(async () => {
  // A config of its own, so the project's wrangler.toml (Durable Objects, assets) stays out of it.
  configDir = mkdtempSync(join(tmpdir(), "mcp-workerd-"));
  const config = join(configDir, "wrangler.toml");
  writeFileSync(config, 'name = "mcp-workerd-check"\ncompatibility_date = "2025-09-01"\n');
  [streamable, sse, worker] = await Promise.all([
    startEverything("streamableHttp"),
    startEverything("sse"),
    unstable_dev(fromRoot("test/support/mcp-workerd-worker.ts"), {
      config,
      ip: "127.0.0.1",
      logLevel: "error",
      experimental: { disableExperimentalWarning: true, disableDevRegistry: true, watch: false },
    }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), streamable?.stop(), sse?.stop()]);
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

async function inWorkerd(url: string, calls: { name: string; args: unknown }[]) {
  const res = await worker.fetch("http://worker/", { method: "POST", body: JSON.stringify({ url, calls }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { tools: string[]; warnings: unknown[]; results: { status: string; content: string; progress: number }[] };
}

it("discovers and calls tools over Streamable HTTP in workerd, validating schemas without code generation", async () => {
  const out = await inWorkerd(streamable.url, [
    { name: "mcp__ev__get-structured-content", args: { location: "Chicago" } },
    { name: "mcp__ev__get-sum", args: { a: "2" } },
    { name: "mcp__ev__trigger-long-running-operation", args: { duration: 0.2, steps: 2 } },
  ]);
  expect(out.warnings).toEqual([]);
  expect(out.tools).toContain("mcp__ev__get-structured-content");
  expect(out.results[0]).toMatchObject({ status: "success" });
  expect(JSON.parse(out.results[0]!.content)).toEqual({ temperature: 36, conditions: "Light rain / drizzle", humidity: 82 });
  expect(out.results[1]).toMatchObject({ status: "error", content: expect.stringContaining('a: Instance type "string" is invalid') });
  expect(out.results[2]).toMatchObject({ status: "success", progress: 2 });
});

it("falls back to legacy SSE in workerd", async () => {
  const out = await inWorkerd(sse.url, [{ name: "mcp__ev__echo", args: { message: "from workerd" } }]);
  expect(out.results[0]).toEqual({ status: "success", content: "Echo: from workerd", progress: 0 });
});
