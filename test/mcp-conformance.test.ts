// The official MCP conformance suite (@modelcontextprotocol/conformance, client mode) against our
// client, through scripts/mcp-conformance.mjs, for the scenarios a tools client must pass.
// Offline: the suite starts each scenario's server locally. It needs Node 22, which the project
// ships as node_modules/.bin/node.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

it("passes the initialize, tools_call and sse-retry scenarios", { timeout: 90_000 }, async () => {
  const t0 = performance.now();
  const { stdout } = await promisify(execFile)(join(root, "node_modules/.bin/node"), [join(root, "scripts/mcp-conformance.mjs")], { cwd: root }).catch(
    (e: { stdout?: string; stderr?: string }) => {
      throw new Error(`conformance run failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
    },
  );
  const summary = JSON.parse(stdout) as { ok: boolean; scenarios: { scenario: string; passed: number; failed: number; warnings: number }[] };
  console.log(
    `conformance in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${summary.scenarios.map((s) => `${s.scenario} ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings`).join("; ")}`,
  );
  expect(summary.ok).toBe(true);
  expect(summary.scenarios.map((s) => s.scenario)).toEqual(["initialize", "tools_call", "sse-retry"]);
  for (const s of summary.scenarios) {
    expect(s.passed).toBeGreaterThan(0);
    expect(s.failed + s.warnings).toBe(0);
  }
});
