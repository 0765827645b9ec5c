// The parts of the MCP layer that need no server: MCP_SERVERS parsing (paths of bad fields,
// secrets, stdio entries), tool names, tool filters, result mapping, the instructions section.
import { describe, expect, it } from "vitest";
import { mapCallToolResult } from "../../src/mcp/call-result";
import { McpConfigError, parseMcpConfig } from "../../src/mcp/config";
import { mcpInstructionsSection } from "../../src/mcp/instructions";
import { toolFilter } from "../../src/mcp/tool-filter";
import { assignToolName } from "../../src/mcp/tool-names";

function configError(raw: unknown, env: Record<string, unknown> = {}): McpConfigError {
  try {
    parseMcpConfig(raw, env);
  } catch (e) {
    if (e instanceof McpConfigError) return e;
    throw e;
  }
  throw new Error("expected a config error");
}

describe("parseMcpConfig", () => {
  it("parses the Claude Desktop / Cursor format with defaults", () => {
    const config = parseMcpConfig('{"mcpServers": {"everything": {"url": "http://127.0.0.1:3001/mcp"}}}');
    expect(config).toEqual({
      servers: [{ name: "everything", url: "http://127.0.0.1:3001/mcp", headers: {}, timeoutMs: 30_000 }],
      warnings: [],
    });
  });

  it("keeps every setting of an entry", () => {
    const config = parseMcpConfig({
      mcpServers: {
        gh: { url: "https://mcp.example.com/sse", transport: "sse", allowTools: ["get_*"], denyTools: ["get_secret"], timeoutMs: 5000 },
      },
    });
    expect(config.servers[0]).toMatchObject({ transport: "sse", allowTools: ["get_*"], denyTools: ["get_secret"], timeoutMs: 5000 });
  });

  it("resolves ${SECRET} references in header values from the env", () => {
    const config = parseMcpConfig(
      { mcpServers: { github: { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${GITHUB_TOKEN}", "X-Pair": "${A}:${B}" } } } },
      { GITHUB_TOKEN: "ghp_123", A: "left", B: "right" },
    );
    expect(config.servers[0]?.headers).toEqual({ Authorization: "Bearer ghp_123", "X-Pair": "left:right" });
  });

  it("names an unknown secret reference and the header it is in", () => {
    const error = configError(
      { mcpServers: { github: { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } } } },
      { OTHER: "x", GITHUB_TOKEN_BINDING: {} },
    );
    expect(error.issues).toEqual([
      { path: "mcpServers.github.headers.Authorization", message: "unknown secret reference ${GITHUB_TOKEN} (no such string in the environment)" },
    ]);
  });

  it("reports bad fields with their paths, all of them", () => {
    const error = configError({
      mcpServers: {
        github: { url: "not a url" },
        other: { url: "ftp://files.example.com", transport: "websocket", timeoutMs: -1, allowTools: "echo" },
      },
    });
    expect(error.message).toContain("mcpServers.github.url: Invalid URL");
    expect(error.issues.map((i) => i.path)).toEqual([
      "mcpServers.github.url",
      "mcpServers.other.url",
      "mcpServers.other.transport",
      "mcpServers.other.allowTools",
      "mcpServers.other.timeoutMs",
    ]);
    expect(error.issues[1]?.message).toBe("must be an http or https URL");
  });

  it("reports invalid JSON and a missing mcpServers", () => {
    expect(configError("{nope").issues[0]).toMatchObject({ path: "MCP_SERVERS", message: expect.stringContaining("not valid JSON") });
    expect(configError({ servers: {} }).issues[0]?.path).toBe("mcpServers");
    expect(configError([]).issues[0]?.path).toBe("MCP_SERVERS");
  });

  it("reports a stdio entry as unsupported on Workers, and keeps the others", () => {
    const config = parseMcpConfig({
      mcpServers: {
        files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
        remote: { url: "https://mcp.example.com/mcp" },
      },
    });
    expect(config.servers.map((s) => s.name)).toEqual(["remote"]);
    expect(config.warnings).toEqual([
      {
        server: "files",
        code: "mcp_stdio_unsupported",
        message: expect.stringMatching(/"files" is a stdio server .*Workers cannot start processes.*"url"/),
      },
    ]);
  });

  it("skips disabled entries, and treats an empty value as no servers", () => {
    expect(parseMcpConfig({ mcpServers: { off: { url: "https://x.example/mcp", enabled: false } } }).servers).toEqual([]);
    expect(parseMcpConfig(undefined)).toEqual({ servers: [], warnings: [] });
    expect(parseMcpConfig("  ")).toEqual({ servers: [], warnings: [] });
  });
});

describe("assignToolName", () => {
  const valid = /^[a-zA-Z0-9_-]{1,64}$/;

  it("keeps names that already fit", () => {
    expect(assignToolName("everything", "get-sum", new Set())).toBe("mcp__everything__get-sum");
  });

  it("adds a hash of the original names when it has to sanitize, so look-alikes differ", () => {
    const taken = new Set<string>();
    const dotted = assignToolName("s", "a.b", taken);
    const spaced = assignToolName("s", "a b", taken);
    expect(dotted).toMatch(/^mcp__s__a_b_[0-9a-f]{8}$/);
    expect(spaced).toMatch(/^mcp__s__a_b_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(spaced);
    expect(assignToolName("s", "a.b", new Set())).toBe(dotted);
  });

  it("cuts long names to 64 characters", () => {
    const name = assignToolName("server", "t".repeat(100), new Set());
    expect(name).toHaveLength(64);
    expect(name).toMatch(valid);
  });

  it("never repeats a name, even when server and tool names join ambiguously", () => {
    const taken = new Set<string>();
    const first = assignToolName("a__b", "c", taken);
    const second = assignToolName("a", "b__c", taken);
    expect(first).toBe("mcp__a__b__c");
    expect(second).toMatch(/^mcp__a__b__c_[0-9a-f]{8}$/);
    // Same inputs again (a hash collision in effect): a counter settles it.
    const third = assignToolName("a", "b__c", taken);
    expect(third).toBe(`${second}_2`);
    expect([first, second, third].every((n) => valid.test(n))).toBe(true);
  });
});

describe("toolFilter", () => {
  it("allows by glob, then denies by glob, and escapes other characters", () => {
    const offered = toolFilter({ allowTools: ["get.*", "echo"], denyTools: ["get.secret*"] });
    expect(["get.sum", "echo", "get.secret_key", "getXsum", "echo2"].filter(offered)).toEqual(["get.sum", "echo"]);
    expect(toolFilter({})("anything")).toBe(true);
  });
});

describe("mapCallToolResult", () => {
  const origin = { server: "s", tool: "t" };

  it("describes audio and binary resources, and names unknown content", () => {
    const result = mapCallToolResult(
      {
        content: [
          { type: "audio", data: "AAAA", mimeType: "audio/wav" },
          { type: "resource", resource: { uri: "file:///a.bin", mimeType: "application/octet-stream", blob: "AAAAAA==" } },
        ],
      },
      origin,
    );
    expect(result.content).toBe("[audio: audio/wav, 3 bytes]\n\n[resource file:///a.bin: application/octet-stream, 4 bytes, binary content not shown]");
  });

  it("appends structured content unless a text part already is that JSON, and maps isError", () => {
    const appended = mapCallToolResult({ content: [{ type: "text", text: "Weather follows." }], structuredContent: { t: 1 }, isError: true }, origin);
    expect(appended.status).toBe("error");
    expect(appended.content).toBe('Weather follows.\n\nStructured content:\n{\n  "t": 1\n}');
    expect(mapCallToolResult({ content: [] }, origin)).toMatchObject({ status: "success", content: "(no content)" });
  });
});

describe("mcpInstructionsSection", () => {
  it("puts each server's instructions under a heading naming it, and is empty without any", () => {
    expect(mcpInstructionsSection([])).toBe("");
    expect(mcpInstructionsSection([{ server: "quiet", text: "  " }])).toBe("");
    const section = mcpInstructionsSection([
      { server: "github", text: "Prefer search_code." },
      { server: "odd name", text: "x".repeat(9_000) },
    ]);
    expect(section).toMatch(
      /^# Instructions from MCP servers\n\n## MCP server "github"\nThe tools it mentions are offered to you as mcp__github__<tool name>\.\n\nPrefer search_code\./,
    );
    expect(section).toContain('## MCP server "odd name"\nxxx');
    expect(section).toContain("[…instructions cut at 8000 characters]");
  });
});
