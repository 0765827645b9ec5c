#!/usr/bin/env node
// Runs the MCP conformance suite (client mode) against our MCP client, for the scenarios a tools
// client must pass. Needs Node 22 (./node_modules/.bin/node). Prints a JSON summary on stdout:
// {"scenarios": [{"scenario", "passed", "failed", "warnings", "exitCode", "problems"}], "ok"}; exits 1 unless ok.
//   ./node_modules/.bin/node scripts/mcp-conformance.mjs [scenario ...]
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["initialize", "tools_call", "sse-retry"];
const work = await mkdtemp(join(tmpdir(), "mcp-conformance-"));

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("close", (code) => resolve({ code, output }));
  });
}

try {
  // The client is TypeScript importing src/; one bundle makes it a plain Node script.
  const client = join(work, "client.mjs");
  await build({
    entryPoints: [join(root, "scripts/mcp-conformance-client.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    outfile: client,
    logLevel: "error",
  });
  const cli = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
  // Scenarios are independent (each has its own server on its own port): run them side by side.
  const results = await Promise.all(
    scenarios.map(async (scenario) => {
      const out = join(work, scenario.replace(/\W/g, "_"));
      const { code, output } = await run(process.execPath, [cli, "client", "--command", `${process.execPath} ${client}`, "--scenario", scenario, "-o", out]);
      const [dir] = await readdir(out);
      const checks = JSON.parse(await readFile(join(out, dir, "checks.json"), "utf8"));
      const count = (status) => checks.filter((c) => c.status === status).length;
      const problems = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING").map((c) => `${c.name}: ${c.errorMessage ?? c.description}`);
      if (code !== 0) process.stderr.write(output);
      return { scenario, passed: count("SUCCESS"), failed: count("FAILURE"), warnings: count("WARNING"), exitCode: code, problems };
    }),
  );
  const ok = results.every((r) => r.exitCode === 0 && r.failed === 0);
  console.log(JSON.stringify({ scenarios: results, ok }, null, 2));
  process.exitCode = ok ? 0 : 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
