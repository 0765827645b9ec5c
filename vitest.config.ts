import { availableParallelism } from "node:os";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { freePort } from "./test/support/free-port.ts";
import LongestFirstSequencer from "./test/support/longest-first-sequencer.ts";
import { TEST_HOOK_EVENTS, TEST_HOOK_SECRET, TEST_PERMISSIONS } from "./test/support/trust-fixtures.ts";

// The scripted model server's port must be known here, before the workers pool is configured;
// test/support/global-setup.ts starts the server on it.
process.env.SCRIPTED_MODEL_PORT ??= String(await freePort());
process.env.FIXTURE_WEB_PORT ??= String(await freePort());
// Likewise for the fake Telegram and Slack APIs (test/support/platform-fake.ts).
process.env.PLATFORM_FAKE_PORT ??= String(await freePort());
const platformFake = `http://127.0.0.1:${process.env.PLATFORM_FAKE_PORT}`;
// And for the webhook receiver the WEBHOOKS binding delivers to (test/support/hook-recorder.ts).
process.env.HOOK_RECORDER_PORT ??= String(await freePort());
// And for the broker of the wrangler dev Workers that test files share (test/support/wrangler-dev-broker.ts).
process.env.WRANGLER_BROKER_PORT ??= String(await freePort());

// Two projects: "node" runs the harness core, the tools and the end-to-end checks (wrangler dev,
// MCP servers, a browser) in Node; "workers" runs the Worker itself inside workerd, with real
// Durable Objects and R2. Both talk to the scripted model server started by test/support/global-setup.ts.
export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // The longest files start first (test/file-durations.json), so no long file runs alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // Vitest's default is one file at a time on 2 cores (CPUs − 1), and the suite then idles 60 % of the time:
    // most files wait on a browser, wrangler dev or a child process. Two at a time took it from 368 to 259 s,
    // three to 252 s (BENCHMARKS.md, "The suite's workers").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          // Test files share worker processes: each starts its own servers and leaves no globals behind.
          isolate: false,
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.workers.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A browser on a loaded 2-core machine can take seconds to paint; polls wait for behaviour, not a deadline.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                OPENAI_API_KEY: "sk-test",
                OPENAI_BASE_URL: `http://127.0.0.1:${process.env.SCRIPTED_MODEL_PORT}/v1`,
                MODEL: "scripted-model",
                // Models per purpose: summaries and grading on the fast model, subagents on their own override.
                MODEL_FAST: "scripted-fast",
                MODEL_SUBAGENT: "scripted-subagent",
                // The model reads images (issue 26); tests of a model that cannot see override it per request.
                MODEL_VISION: "true",
                MODEL_MAX_RETRIES: "1",
                ALLOW_PRIVATE_FETCH: "true",
                SEARCH_PROVIDER: "searxng",
                SEARCH_BASE_URL: `http://127.0.0.1:${process.env.FIXTURE_WEB_PORT}`,
                TELEGRAM_BOT_TOKEN: "123456:test-token",
                TELEGRAM_WEBHOOK_SECRET: "telegram-webhook-secret",
                TELEGRAM_API_BASE: `${platformFake}/telegram`,
                SLACK_SIGNING_SECRET: "slack-signing-secret",
                SLACK_BOT_TOKEN: "xoxb-test-token",
                SLACK_API_BASE: `${platformFake}/slack/api`,
                PERMISSIONS: JSON.stringify(TEST_PERMISSIONS),
                // The scripted lessons are short by design; test/lessons/chapter-length.workers.test.ts counts words in workerd.
                LESSON_LENGTH_CHECK: "false",
                // MCP OAuth state sealed at rest (test/mcp/oauth/mcp-tokens-sealed-at-rest.workers.test.ts).
                MCP_TOKEN_KEY: "test-mcp-token-key",
                WEBHOOKS: JSON.stringify([
                  { url: `http://127.0.0.1:${process.env.HOOK_RECORDER_PORT}/hook`, events: TEST_HOOK_EVENTS, secret: TEST_HOOK_SECRET },
                ]),
              },
            },
          }),
        ],
        test: {
          name: "workers",
          // One workerd for all files; tests use unique session ids, so shared storage is harmless.
          isolate: false,
          include: ["test/**/*.workers.test.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
