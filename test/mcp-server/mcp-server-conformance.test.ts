// The official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against /mcp under
// wrangler dev, for the scenarios that apply to a product server. The others call fixture tools,
// resources and prompts that only the suite's reference server has (test_image_content,
// test://static-text, test_simple_prompt, …) or features this server does not offer (sampling,
// elicitation of the client, completions, resource subscriptions); docs/mcp-server.md lists each.
// Our own tools' progress, resources, templates and prompts are covered by test/mcp-server/mcp-server*.workers.test.ts.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import { BARE_WORKER, sharedWranglerDev, type SharedWorker } from "../support/shared-wrangler-dev";
import { ROOT } from "../support/paths";

const root = ROOT;

export const APPLICABLE_SCENARIOS = [
  "server-initialize",
  "ping",
  "logging-set-level",
  "tools-list",
  "tools-call-error",
  "resources-list",
  "prompts-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

let worker: SharedWorker | undefined;

beforeAll(async () => {
  // No API_TOKEN: the suite sends no credentials, and loopback requests are answered (closed by default elsewhere).
  worker = await sharedWranglerDev(BARE_WORKER);
}, 120_000);

// One after another: run at once, they only share the CPU (each is mostly its Node starting), and on a busy machine
// five at once outlast each one's timeout.
it.each(APPLICABLE_SCENARIOS)("passes %s", { timeout: 60_000 }, async (scenario) => {
  // The suite needs Node 22, which the project ships as node_modules/.bin/node.
  const run = await promisify(execFile)(
    join(root, "node_modules/.bin/node"),
    [join(root, "node_modules/.bin/conformance"), "server", "--url", `${worker!.url}/mcp`, "--scenario", scenario],
    {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
    },
  ).catch((e: { stdout?: string; stderr?: string }) => {
    throw new Error(`conformance ${scenario} failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  });
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(run.stdout);
  expect(summary, run.stdout).not.toBeNull();
  const [, passed, total, failed, warnings] = summary!.map(Number);
  expect(passed).toBe(total);
  expect(passed).toBeGreaterThan(0);
  expect(failed! + warnings!).toBe(0);
});
