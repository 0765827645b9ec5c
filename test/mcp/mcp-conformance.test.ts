// The official MCP conformance suite (@modelcontextprotocol/conformance, client mode) against the
// Worker under `wrangler dev`, through scripts/mcp-conformance.mjs: every client scenario of the
// pinned package, the OAuth ones included. The adapter (scripts/mcp-conformance-client.ts) drives the
// Worker over its public HTTP API and plays the user's browser. Offline: the suite starts each
// scenario's servers locally. It needs Node 22, which the project ships as node_modules/.bin/node.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../support/paths";

const root = ROOT;

interface Summary {
  passed: number;
  total: number;
  scenarios: {
    scenario: string;
    ok: boolean;
    seconds: number;
    workerStartSeconds?: number;
    passed: number;
    failed: number;
    warnings: number;
    problems: string[];
  }[];
}

it("passes every client scenario of the conformance suite", { timeout: 480_000 }, async () => {
  const t0 = performance.now();
  const { stdout, stderr } = await promisify(execFile)(join(root, "node_modules/.bin/node"), [join(root, "scripts/mcp-conformance.mjs")], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? "", stderr: e.stderr ?? "" }));
  const summary = JSON.parse(stdout) as Summary;
  console.log(`conformance: ${summary.passed}/${summary.total} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const failing = summary.scenarios.filter((s) => !s.ok).map((s) => `${s.scenario}: ${s.problems.join("; ")}`);
  // A scenario that fails with no failed check (its client errored or timed out) says why only in the suite's output.
  if (failing.length) console.error(stderr.slice(-20_000));
  expect(failing).toEqual([]);
  expect(summary.total).toBe(26);
  for (const s of summary.scenarios) expect(s.passed).toBeGreaterThan(0);
  // Each scenario's client was a Worker of its own under wrangler dev, which reported starting.
  for (const s of summary.scenarios) expect(s.workerStartSeconds, s.scenario).toBeGreaterThan(0);
});
