import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PermissionPolicy, type PermissionRule } from "../../src/lib/permissions";
import { ConfigError, loadConfig } from "../../src/config";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";

const tool = (name: string, destructive = false) => ({ name, ...(destructive ? { annotations: { destructive } } : {}) });

describe("the permission policy", () => {
  it("lets the first matching config rule decide, and deny wins over an earlier allow", () => {
    const policy = new PermissionPolicy([
      { tool: "fetch_webpage", action: "allow" },
      { tool: "fetch_*", when: { url: { host: "*.internal.example" } }, action: "deny" },
      { tool: "mcp__github__*", action: "ask" },
      { tool: "mcp__*", action: "allow" },
    ]);
    expect(policy.decide(tool("fetch_webpage"), { url: "https://docs.example.org/a" }).action).toBe("allow");
    const denied = policy.decide(tool("fetch_webpage"), { url: "https://db.internal.example/x" });
    expect(denied).toMatchObject({ action: "deny" });
    expect(denied.reason).toContain("PERMISSIONS rule 2");
    expect(policy.decide(tool("mcp__github__create_issue"), {}).action).toBe("ask");
    expect(policy.decide(tool("mcp__notes__read"), {}).action).toBe("allow");
  });

  it("allows by default and asks for tools marked destructive", () => {
    const policy = new PermissionPolicy();
    expect(policy.decide(tool("web_search"), { query: "derivatives" }).action).toBe("allow");
    expect(policy.decide(tool("mcp__fs__delete_file", true), { path: "/x" }).action).toBe("ask");
    expect(new PermissionPolicy([{ tool: "mcp__fs__*", action: "allow" }]).decide(tool("mcp__fs__delete_file", true), {}).action).toBe("allow");
  });

  it("matches arguments: string globs, equality, URL hosts, nested fields", () => {
    const rule = (when: PermissionRule["when"]): PermissionPolicy => new PermissionPolicy([{ tool: "*", when, action: "deny" }]);
    expect(rule({ path: "/etc/*" }).decide(tool("t"), { path: "/etc/passwd" }).action).toBe("deny");
    expect(rule({ path: "/etc/*" }).decide(tool("t"), { path: "/home/etc/x" }).action).toBe("allow");
    expect(rule({ force: true }).decide(tool("t"), { force: true }).action).toBe("deny");
    expect(rule({ force: true }).decide(tool("t"), { force: "true" }).action).toBe("allow");
    expect(rule({ count: 3 }).decide(tool("t"), { count: 3 }).action).toBe("deny");
    expect(rule({ "options.mode": "write" }).decide(tool("t"), { options: { mode: "write" } }).action).toBe("deny");
    expect(rule({ "options.mode": "write" }).decide(tool("t"), { options: "write" }).action).toBe("allow");
    const hosts = rule({ url: { host: "*.example.com" } });
    expect(hosts.decide(tool("t"), { url: "https://A.Example.com./p" }).action).toBe("deny");
    expect(hosts.decide(tool("t"), { url: "https://example.com.evil.net/" }).action).toBe("allow");
    expect(hosts.decide(tool("t"), { url: "https://example.com/" }).action).toBe("allow");
    expect(hosts.decide(tool("t"), { url: "not a url" }).action).toBe("allow");
    // A rule about an argument the call does not have does not apply.
    expect(hosts.decide(tool("t"), {}).action).toBe("allow");
  });

  it("matches hosts however many trailing dots they carry", () => {
    const policy = new PermissionPolicy([{ tool: "fetch_webpage", when: { url: { host: "localhost" } }, action: "deny" }]);
    for (const url of ["http://localhost/", "http://localhost./", "http://localhost../x", "http://LOCALHOST.../", "http://localhost..:8787/"]) {
      expect(policy.decide(tool("fetch_webpage"), { url }).action, url).toBe("deny");
    }
    expect(policy.decide(tool("fetch_webpage"), { url: "http://localhost.example.com/" }).action).toBe("allow");
  });

  it("matches filename globs in any letter case and against the name the file will be stored under", async () => {
    const saveDocument = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s", maxBytes: 1000 });
    const args = (filename: string) => saveDocument.validate({ filename, content: "# x" });
    const judge = (when: PermissionRule["when"], filename: string) => {
      const v = args(filename);
      if (!v.ok) throw new Error(v.error);
      return new PermissionPolicy([{ tool: "save_document", when, action: "deny" }]).decide(saveDocument, v.value).action;
    };
    expect(judge({ filename: "*passwd*" }, "etc/PASSWD")).toBe("deny");
    // Stored as etc-passwd.md: a rule on the stored name catches every spelling that lands there.
    expect(judge({ filename: "etc-passwd.md" }, "../../ETC/Passwd")).toBe("deny");
    expect(judge({ filename: "etc-passwd.md" }, "etc passwd.md")).toBe("deny");
    expect(judge({ filename: "*passwd*" }, "calculus-basics")).toBe("allow");
    // A grant must hold for the name as written and as stored.
    const grant = new PermissionPolicy([
      { tool: "save_document", when: { filename: "notes-*" }, action: "allow" },
      { tool: "save_document", action: "ask" },
    ]);
    const written = args("notes-../secret");
    expect(written.ok && grant.decide(saveDocument, written.value).action).toBe("allow");
    const sneaky = args("NOTES/../../x");
    expect(sneaky.ok && grant.decide(saveDocument, sneaky.value).action).toBe("ask");
  });

  it("treats list arguments so that a harmless element neither dodges a deny nor earns an allow", () => {
    const deny = new PermissionPolicy([{ tool: "fetch_many", when: { urls: { host: "evil.test" } }, action: "deny" }]);
    expect(deny.decide(tool("fetch_many"), { urls: ["https://ok.test/", "https://evil.test/"] }).action).toBe("deny");
    const allow = new PermissionPolicy([
      { tool: "fetch_many", when: { urls: { host: "ok.test" } }, action: "allow" },
      { tool: "fetch_many", action: "ask" },
    ]);
    expect(allow.decide(tool("fetch_many"), { urls: ["https://ok.test/a", "https://ok.test/b"] }).action).toBe("allow");
    expect(allow.decide(tool("fetch_many"), { urls: ["https://ok.test/a", "https://evil.test/"] }).action).toBe("ask");
  });

  it("puts a person's remembered choice before config, except that deny still wins", () => {
    const policy = new PermissionPolicy([
      { tool: "send_*", action: "ask" },
      { tool: "send_sms", action: "deny" },
    ]);
    const remembered: PermissionRule[] = [
      { tool: "send_email", action: "allow" },
      { tool: "send_sms", action: "allow" },
    ];
    expect(policy.decide(tool("send_email"), {}, remembered).action).toBe("allow");
    expect(policy.decide(tool("send_sms"), {}, remembered).action).toBe("deny");
    expect(policy.decide(tool("mcp__x__wipe", true), {}, [{ tool: "mcp__x__wipe", action: "deny" }]).action).toBe("deny");
    expect(policy.decide(tool("mcp__x__wipe", true), {}, [{ tool: "mcp__x__wipe", action: "allow" }]).action).toBe("allow");
  });

  it("denies whenever any matching rule denies, whatever the order (property)", () => {
    const action = fc.constantFrom("allow" as const, "ask" as const, "deny" as const);
    const rule = fc.record({ tool: fc.constantFrom("*", "calc*", "calculate", "other"), action });
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 8 }), (rules) => {
        const decision = new PermissionPolicy(rules).decide(tool("calculate"), {});
        const matching = rules.filter((r) => r.tool !== "other");
        const expected = matching.some((r) => r.action === "deny") ? "deny" : (matching[0]?.action ?? "allow");
        expect(decision.action).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("PERMISSIONS in config", () => {
  it("parses rules from JSON and defaults to none", () => {
    expect(loadConfig({}).PERMISSIONS).toEqual([]);
    const rules = loadConfig({ PERMISSIONS: '[{"tool":"mcp__*","when":{"url":{"host":"*.x.org"}},"action":"ask"}]' }).PERMISSIONS;
    expect(rules).toEqual([{ tool: "mcp__*", when: { url: { host: "*.x.org" } }, action: "ask" }]);
  });

  it("names the bad field's path", () => {
    const message = (env: object) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    expect(message({ PERMISSIONS: '[{"tool":"a","action":"allow"},{"tool":"b","action":"maybe"}]' })).toContain("PERMISSIONS.1.action");
    expect(message({ PERMISSIONS: '[{"tool":"a","action":"allow","when":{"url":{"hots":"x"}}}]' })).toContain("PERMISSIONS.0.when.url");
    expect(message({ PERMISSIONS: "[{tool:" })).toMatch(/PERMISSIONS: not valid JSON/);
  });
});
