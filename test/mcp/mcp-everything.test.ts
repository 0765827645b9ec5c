// The MCP client against the official reference server, @modelcontextprotocol/server-everything,
// in its Streamable HTTP and legacy SSE modes: discovery, calls, result mapping, progress,
// errors, validation, transports and fallback, tool filters, timeouts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpInstructionsSection } from "../../src/mcp/instructions";
import { McpManager, type McpConnectResult } from "../../src/mcp/manager";
import { parseMcpConfig } from "../../src/mcp/config";
import { startDeadEndServer, type DeadEndServer } from "../support/dead-end-server";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { recordingFetch } from "../support/mcp-fetch-log";
import { runTool } from "../support/mcp-run-tool";

let streamable: EverythingServer;
let sse: EverythingServer;
let offline: DeadEndServer;
let manager: McpManager;
let connected: McpConnectResult;
let connectMs: number;
const requests = recordingFetch();

beforeAll(async () => {
  [streamable, sse, offline] = await Promise.all([startEverything("streamableHttp"), startEverything("sse"), startDeadEndServer()]);
  const config = parseMcpConfig(
    JSON.stringify({
      mcpServers: {
        everything: { url: streamable.url },
        legacy: { url: sse.url, transport: "sse" },
        // No transport named: the initial POST to an SSE-only endpoint gets a 4xx, then SSE is used.
        fallback: { url: sse.url },
        offline: { url: offline.url },
        desktop: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem"] },
      },
    }),
    {},
  );
  manager = new McpManager(config, { fetch: requests.fetch });
  const t0 = performance.now();
  connected = await manager.connectAll();
  connectMs = performance.now() - t0;
});

afterAll(async () => {
  await manager?.close();
  await Promise.all([streamable?.stop(), sse?.stop(), offline?.close()]);
});

const names = () => connected.tools.map((t) => t.name);

describe("discovery", () => {
  it("exposes every server's tools as mcp__<server>__<tool>, within the model's name rule", () => {
    for (const server of ["everything", "legacy", "fallback"]) {
      expect(names()).toEqual(expect.arrayContaining([`mcp__${server}__echo`, `mcp__${server}__get-sum`, `mcp__${server}__read_resource`]));
    }
    for (const name of names()) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(names()).size).toBe(names().length);
    const echo = connected.tools.find((t) => t.name === "mcp__everything__echo")!;
    expect(echo.description).toBe("Echoes back the input string");
    expect(echo.parameters).toMatchObject({ type: "object", properties: { message: { type: "string" } }, required: ["message"] });
    console.log(`connectAll (3 servers + 1 unreachable): ${connectMs.toFixed(0)} ms`);
  });

  it("leaves the unreachable server out with a warning; the stdio entry is the config's warning, not the manager's", () => {
    expect(names().some((n) => n.startsWith("mcp__offline__"))).toBe(false);
    const offline = connected.warnings.find((w) => w.server === "offline");
    expect(offline?.code).toBe("mcp_connect_failed");
    expect(offline?.message).toContain("left out of this run");
    // Reported once, by whoever parsed the config (a run emitted it twice when the manager repeated it).
    expect(connected.warnings.find((w) => w.server === "desktop")).toBeUndefined();
    const desktop = manager.config.warnings.find((w) => w.server === "desktop");
    expect(desktop?.code).toBe("mcp_stdio_unsupported");
    expect(desktop?.message).toMatch(/stdio.*Workers/);
  });

  it("captures the server's instructions and builds a system prompt section naming the server", () => {
    const everything = connected.instructions.find((i) => i.server === "everything");
    expect(everything?.text).toContain("Server instructions are working");
    const section = mcpInstructionsSection(connected.instructions);
    expect(section).toContain('## MCP server "everything"');
    expect(section).toContain("Server instructions are working");
  });

  it("falls back from Streamable HTTP to SSE when the endpoint refuses the initial POST", () => {
    const toSse = requests.log.filter((r) => r.url === sse.url);
    expect(toSse.some((r) => r.method === "POST" && r.rpc === "initialize" && r.status >= 400 && r.status < 500)).toBe(true);
    expect(toSse.some((r) => r.method === "GET" && r.status === 200)).toBe(true);
  });

  it("maps annotations to the harness flags", () => {
    const echo = connected.tools.find((t) => t.name === "mcp__everything__echo")!;
    expect(echo.annotations).toEqual({ destructive: false });
    expect(echo.sideEffects).toBe(false);
    const toggle = connected.tools.find((t) => t.name === "mcp__everything__toggle-simulated-logging")!;
    expect(toggle.annotations).toEqual({ destructive: false });
    expect(toggle.sideEffects).toBe(true);
  });
});

describe("calls", () => {
  it("calls echo and get-sum over Streamable HTTP", async () => {
    const echo = await runTool(connected.tools, "mcp__everything__echo", { message: "hello edge" });
    expect(echo.result).toMatchObject({ status: "success", content: "Echo: hello edge" });
    const sum = await runTool(connected.tools, "mcp__everything__get-sum", { a: 2, b: 3 });
    expect(sum.result).toMatchObject({ status: "success", content: "The sum of 2 and 3 is 5." });
  });

  it("calls tools over legacy SSE, configured and by fallback", async () => {
    const legacy = await runTool(connected.tools, "mcp__legacy__get-sum", { a: 40, b: 2 });
    expect(legacy.result).toMatchObject({ status: "success", content: "The sum of 40 and 2 is 42." });
    const fallback = await runTool(connected.tools, "mcp__fallback__echo", { message: "via sse" });
    expect(fallback.result).toMatchObject({ status: "success", content: "Echo: via sse" });
  });

  it("includes structured content once, and keeps it as data", async () => {
    const { result } = await runTool(connected.tools, "mcp__everything__get-structured-content", { location: "New York" });
    expect(result.status).toBe("success");
    expect(JSON.parse(result.content)).toEqual({ temperature: 33, conditions: "Cloudy", humidity: 82 });
    expect(result.data).toMatchObject({ server: "everything", tool: "get-structured-content", structuredContent: { temperature: 33 } });
  });

  it("turns progress notifications into tool.progress events", async () => {
    const { result, events } = await runTool(connected.tools, "mcp__everything__trigger-long-running-operation", { duration: 0.5, steps: 5 });
    expect(result.status).toBe("success");
    const progress = events.filter((e) => e.type === "tool.progress");
    expect(progress.map((e) => (e.type === "tool.progress" ? [e.progress, e.total, e.name] : []))).toEqual(
      [1, 2, 3, 4, 5].map((p) => [p, 5, "mcp__everything__trigger-long-running-operation"]),
    );
    const callIds = new Set(progress.map((e) => (e.type === "tool.progress" ? e.callId : "")));
    expect(callIds.size).toBe(1);
  });

  it("reports a tool's own error (isError) as an error result", async () => {
    const { result } = await runTool(connected.tools, "mcp__everything__get-resource-reference", { resourceType: "Text", resourceId: 1.5 });
    expect(result.status).toBe("error");
    expect(result.content).toContain("Invalid resourceId: 1.5");
  });

  it("rejects arguments that fail the input schema before sending anything", async () => {
    const callsBefore = requests.log.filter((r) => r.rpc === "tools/call").length;
    const { result } = await runTool(connected.tools, "mcp__everything__get-sum", { a: "2" });
    expect(result.status).toBe("error");
    expect(result.content).toContain("Invalid arguments for mcp__everything__get-sum");
    expect(result.content).toContain('a: Instance type "string" is invalid. Expected "number".');
    expect(result.content).toContain('required property "b"');
    expect(requests.log.filter((r) => r.rpc === "tools/call").length).toBe(callsBefore);
  });

  it("describes images instead of pasting base64, lists resource links, includes embedded text", async () => {
    const image = await runTool(connected.tools, "mcp__everything__get-tiny-image", {});
    expect(image.result.content).toMatch(/\[image: image\/png, \d+(\.\d)? (bytes|KiB)\]/);
    expect(image.result.content).not.toContain("iVBORw0KGgo");
    const links = await runTool(connected.tools, "mcp__everything__get-resource-links", { count: 2 });
    expect(links.result.content).toMatch(/\[resource link: Blob Resource 1 <demo:\/\/resource\/dynamic\/blob\/1>/);
    expect(links.result.content).toMatch(/\[resource link: Text Resource 2 <demo:\/\/resource\/dynamic\/text\/2>/);
    const embedded = await runTool(connected.tools, "mcp__everything__get-resource-reference", { resourceType: "Text", resourceId: 2 });
    expect(embedded.result.content).toContain("[resource demo://resource/dynamic/text/2 (text/plain)]\nResource 2: This is a plaintext resource");
  });

  it("reads a resource through mcp__<server>__read_resource", async () => {
    const tool = connected.tools.find((t) => t.name === "mcp__everything__read_resource")!;
    expect(tool.description).toContain("demo://resource/static/document/architecture.md");
    const { result } = await runTool(connected.tools, "mcp__everything__read_resource", { uri: "demo://resource/static/document/architecture.md" });
    expect(result.status).toBe("success");
    expect(result.content).toContain("[resource demo://resource/static/document/architecture.md (text/markdown)]");
  });
});

describe("per-server settings", () => {
  it("applies allowTools and denyTools (globs) to the server's own tool names", async () => {
    const filtered = new McpManager(
      parseMcpConfig({ mcpServers: { ev: { url: streamable.url, allowTools: ["get-*", "echo"], denyTools: ["get-env", "get-resource-*"] } } }),
    );
    try {
      const { tools } = await filtered.connectAll();
      expect(tools.map((t) => t.name).sort()).toEqual(
        ["mcp__ev__echo", "mcp__ev__get-annotated-message", "mcp__ev__get-structured-content", "mcp__ev__get-sum", "mcp__ev__get-tiny-image"].sort(),
      );
    } finally {
      await filtered.close();
    }
  });

  it("ends a call that runs past timeoutMs with an error result saying so", async () => {
    const slow = new McpManager(parseMcpConfig({ mcpServers: { ev: { url: streamable.url, timeoutMs: 400 } } }));
    try {
      const { tools } = await slow.connectAll();
      const t0 = performance.now();
      const { result } = await runTool(tools, "mcp__ev__trigger-long-running-operation", { duration: 3, steps: 3 });
      const elapsed = performance.now() - t0;
      expect(result.status).toBe("error");
      expect(result.content).toBe("MCP tool trigger-long-running-operation on server ev timed out after 400 ms.");
      expect(elapsed).toBeLessThan(1500);
    } finally {
      await slow.close();
    }
  });
});
