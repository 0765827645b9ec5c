import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED, redactUrlCredentials } from "../../../src/lib/redaction";
import { configuredSecrets } from "../../../src/session/trace/configured-secrets";

describe("secret redaction", () => {
  it("removes configured secret values wherever they appear, nested or not", () => {
    const redact = createRedactor(["hunter2-very-secret", "tg-webhook-secret-77"]);
    const event = { args: { note: "pass hunter2-very-secret please", list: ["x", "tg-webhook-secret-77"] }, n: 3, ok: true, none: null };
    expect(redact(event)).toEqual({ args: { note: `pass ${REDACTED} please`, list: ["x", REDACTED] }, n: 3, ok: true, none: null });
  });

  it("removes well-known credential shapes even when not configured", () => {
    const redact = createRedactor();
    const samples = [
      "sk-proj-AbCdEfGhIjKlMnOpQrStUvWx1234",
      "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA",
      "xoxb-1234567890-abcdefghijkl",
      "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
      "AKIAIOSFODNN7EXAMPLE",
      "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ];
    for (const s of samples) expect(redact(`before ${s} after`)).toBe(`before ${REDACTED} after`);
    expect(redact("Authorization: Bearer abc.def-ghi_jkl")).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact("basic dXNlcjpwYXNzd29yZA==")).toBe(`basic ${REDACTED}`);
  });

  it("removes the user and password of every URL, keeping the scheme, host and path; an e-mail address or an @ in a path stays", () => {
    const redact = createRedactor();
    expect(redact({ url: "http://alice:pw-7Hq2@host.example:8080/a?b=c" })).toEqual({ url: `http://${REDACTED}@host.example:8080/a?b=c` });
    expect(redact("see https://ghtoken@github.com/x and ftp://u:p@files.example/")).toBe(
      `see https://${REDACTED}@github.com/x and ftp://${REDACTED}@files.example/`,
    );
    expect(redact("http://a@b@host/p")).toBe(`http://${REDACTED}@host/p`);
    for (const kept of ["mail bob@example.com", "http://host/users/@me", "http://host/?to=a@b.c", "mailto:bob@example.com"]) expect(redact(kept)).toBe(kept);
    expect(redactUrlCredentials("webhook https://u:secret@hooks.example/x failed")).toBe(`webhook https://${REDACTED}@hooks.example/x failed`);
  });

  it("blanks string values of fields named like secrets, and keeps ordinary text", () => {
    const redact = createRedactor(["abc"]);
    expect(redact({ headers: { Authorization: "anything", "X-Api-Key": "k", accept: "json" }, password: "pw", totalTokens: 12 })).toEqual({
      headers: { Authorization: REDACTED, "X-Api-Key": REDACTED, accept: "json" },
      password: REDACTED,
      totalTokens: 12,
    });
    // Too short to redact by value: it would blank out ordinary words.
    expect(redact("abc is the alphabet")).toBe("abc is the alphabet");
    expect(redact("The derivative of x² is 2x; see https://example.org/sk-learn")).toBe("The derivative of x² is 2x; see https://example.org/sk-learn");
  });

  it("collects the deployment's secrets: named ones, *_KEY/_TOKEN/_SECRET vars, hook secrets, MCP headers and their references", () => {
    const secrets = configuredSecrets({
      OPENAI_API_KEY: "key-1",
      API_TOKEN: "token-2",
      SLACK_SIGNING_SECRET: "slack-3",
      GITHUB_TOKEN: "gh-4",
      MODEL: "gpt-4o-mini",
      MAX_STEPS: "25",
      HOOKS: JSON.stringify([{ url: "https://h.example/", events: ["*"], secret: "hook-secret-5" }]),
      MCP_SERVERS: JSON.stringify({ mcpServers: { gh: { url: "https://m.example/", headers: { Authorization: "Bearer ${GH_PAT}", "X-Team": "team-6" } } } }),
      GH_PAT: "pat-7",
    });
    expect(new Set(secrets)).toEqual(new Set(["key-1", "token-2", "slack-3", "gh-4", "hook-secret-5", "Bearer ${GH_PAT}", "team-6", "pat-7"]));
  });
});
