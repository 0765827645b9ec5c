// A var no setting reads ran the Worker on a default without a word: a retired name (HOOK_RETRY_BASE_MS,
// RETRY_WINDOW_MS) or a typo (MAX_STEP). Loading the configuration now logs one line for each, once per env
// object (the Worker's lives as long as its isolate), naming what replaced a retired name or the closest
// setting; it refuses none (the var may be the operator's own). Bindings: bindings-are-never-taken-for-misspelt-settings.
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config";

describe("vars no setting reads", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  afterEach(() => warn.mockClear());
  const warnings = () => warn.mock.calls.map((c) => String(c[0]));

  it("a retired name is logged with what replaced it, and the configuration still loads", () => {
    const config = loadConfig({ HOOK_MAX_ATTEMPTS: "1", HOOK_RETRY_BASE_MS: "5000", RETRY_WINDOW_MS: "0" });
    expect(config.WEBHOOK_RETRY_BASE_MS).toBe(1000);
    expect(warnings()).toEqual([
      "config: HOOK_MAX_ATTEMPTS is ignored: retired; set WEBHOOK_RETRY_FOR_MS",
      "config: HOOK_RETRY_BASE_MS is ignored: retired; set WEBHOOK_RETRY_BASE_MS",
      "config: RETRY_WINDOW_MS is ignored: retired; remove it",
    ]);
  });

  it("a name that looks like a setting and is none names the closest setting", () => {
    loadConfig({ MAX_STEP: "5", WEBHOOK_TIMEOUT: "2000", MODLE: "gpt-5" });
    expect(warnings()).toEqual([
      "config: MAX_STEP is ignored: no such setting; did you mean MAX_STEPS?",
      "config: WEBHOOK_TIMEOUT is ignored: no such setting; did you mean WEBHOOK_TIMEOUT_MS?",
      "config: MODLE is ignored: no such setting; did you mean MODEL?",
    ]);
  });

  it("once per env object: the same env loaded again logs nothing more", () => {
    const env = { MAX_STEP: "5" };
    loadConfig(env);
    loadConfig(env);
    expect(warnings()).toHaveLength(1);
  });

  it("settings, the HOOKS names still read, a secret MCP_SERVERS names, and names that are no setting's shape pass in silence", () => {
    const MCP_SERVERS = JSON.stringify({ mcpServers: { gh: { url: "https://mcp.example/mcp", headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } } } });
    loadConfig({ MAX_STEPS: "5", HOOK_TIMEOUT_MS: "2000", MCP_SERVERS, GITHUB_TOKEN: "ghp-secret", lowercase_var: "x", __internal: "y" });
    expect(warn.mock.calls.filter((c) => !String(c[0]).includes("HOOK_TIMEOUT_MS is deprecated"))).toEqual([]);
  });
});
