// The warning of vars no setting reads (retired-and-misspelt-settings-are-warned-of-once.test.ts) looks at
// string vars only: the Worker's bindings (R2 buckets, Durable Object namespaces, ASSETS, KV) and the test
// deployment's vars and secrets, all of them, load without a line.
import { env } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config";

it("the whole env of a deployment, bindings and all, is warned of for nothing", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  expect(Object.keys(env)).toEqual(expect.arrayContaining(["LESSONS", "SESSIONS", "ASSETS", "OAUTH_KV", "OPENAI_API_KEY"]));
  loadConfig({ ...env });
  expect(warn.mock.calls).toEqual([]);
  // The check itself runs here: a misspelt var beside the same bindings is named.
  loadConfig({ ...env, MAX_STEP: "5" });
  expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(["config: MAX_STEP is ignored: no such setting; did you mean MAX_STEPS?"]);
  warn.mockRestore();
});
