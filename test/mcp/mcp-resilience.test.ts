// What happens when MCP servers misbehave: a server killed mid-session (error results, then the
// breaker opens and answers at once), recovery through the half-open probe, an expired session
// (404 → re-initialize once), failures at run start, and the discovery machinery: paginated
// lists, list_changed refreshes, the tool list cache, names that need sanitizing.
import { afterEach, describe, expect, it } from "vitest";
import { parseMcpConfig } from "../../src/mcp/config";
import { InMemoryToolListCache } from "../../src/mcp/discovery-cache";
import { McpManager, type McpToolsChange } from "../../src/mcp/manager";
import { freePort } from "../support/free-port";
import { startEverything } from "../support/mcp-everything";
import { runTool } from "../support/mcp-run-tool";
import { startTestMcpServer, type TestMcpServer } from "../support/mcp-test-server";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

function managed(manager: McpManager): McpManager {
  cleanups.push(() => manager.close());
  return manager;
}

async function testServer(options: Parameters<typeof startTestMcpServer>[0]): Promise<TestMcpServer> {
  const server = await startTestMcpServer(options);
  cleanups.push(() => server.close());
  return server;
}

describe("a server that dies mid-session", () => {
  it("gives error results, then opens the breaker: its tools answer 'unavailable' at once", async () => {
    const everything = await startEverything("streamableHttp");
    cleanups.push(() => everything.stop());
    const manager = managed(
      new McpManager(parseMcpConfig({ mcpServers: { ev: { url: everything.url } } }), { breaker: { failureThreshold: 2, openMs: 60_000 } }),
    );
    const { tools } = await manager.connectAll();
    expect((await runTool(tools, "mcp__ev__echo", { message: "alive" })).result.status).toBe("success");

    await everything.stop();
    const first = await runTool(tools, "mcp__ev__echo", { message: "1" });
    expect(first.result.status).toBe("error");
    expect(first.result.content).toMatch(/^MCP tool echo on server ev failed: /);
    const second = await runTool(tools, "mcp__ev__echo", { message: "2" });
    expect(second.result.status).toBe("error");
    expect(second.events).toContainEqual(expect.objectContaining({ type: "warning", code: "mcp_circuit_open", server: "ev" }));

    const t0 = performance.now();
    const third = await runTool(tools, "mcp__ev__get-sum", { a: 1, b: 2 });
    // At once: no connection attempt, no timeout (a generous bound for a loaded machine).
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(third.result.status).toBe("error");
    expect(third.result.content).toMatch(/^server ev unavailable \(circuit open\)/);
  });

  it("lets one probe through after openMs; a healthy answer closes the circuit", async () => {
    const server = await testServer({ tools: [{ name: "ping" }] });
    const clock = { t: 0 };
    let down = false;
    const flakyFetch: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init));
    const manager = managed(
      new McpManager(parseMcpConfig({ mcpServers: { t: { url: server.url } } }), {
        fetch: flakyFetch,
        now: () => clock.t,
        breaker: { failureThreshold: 1, openMs: 10_000 },
      }),
    );
    const { tools } = await manager.connectAll();
    down = true;
    expect((await runTool(tools, "mcp__t__ping", {})).result.content).toContain("fetch failed");
    down = false;
    clock.t = 9_999;
    expect((await runTool(tools, "mcp__t__ping", {})).result.content).toMatch(/circuit open.*next attempt in 1 s/);
    clock.t = 10_000;
    expect((await runTool(tools, "mcp__t__ping", {})).result).toMatchObject({ status: "success", content: "ping called" });
    expect((await runTool(tools, "mcp__t__ping", {})).result.status).toBe("success");
  });
});

describe("sessions and run start", () => {
  it("re-initializes once when the server answers 404 for an expired session, and retries the call", async () => {
    const server = await testServer({ tools: [{ name: "ping" }] });
    const manager = managed(new McpManager(parseMcpConfig({ mcpServers: { t: { url: server.url } } })));
    const { tools } = await manager.connectAll();
    expect((await runTool(tools, "mcp__t__ping", {})).result.status).toBe("success");
    await server.expireSessions();
    const { result } = await runTool(tools, "mcp__t__ping", {});
    expect(result).toMatchObject({ status: "success", content: "ping called" });
    expect(server.requests.initialize).toBe(2);
    expect(server.requests["tools/call"]).toBe(3); // the refused one, and its retry
  });

  it("ends sessions on close (DELETE), and opens a new one when a tool is used again", async () => {
    const server = await testServer({ tools: [{ name: "ping" }] });
    const manager = managed(new McpManager(parseMcpConfig({ mcpServers: { t: { url: server.url } } })));
    const { tools } = await manager.connectAll();
    expect(server.openSessions()).toBe(1);
    await manager.close();
    expect(server.openSessions()).toBe(0);
    expect((await runTool(tools, "mcp__t__ping", {})).result.status).toBe("success");
    expect(server.openSessions()).toBe(1);
    expect(server.requests.initialize).toBe(2);
  });

  it("skips a server whose breaker opened at earlier run starts, without waiting on it", async () => {
    const manager = managed(
      new McpManager(parseMcpConfig({ mcpServers: { gone: { url: `http://127.0.0.1:${await freePort()}/mcp` } } }), {
        breaker: { failureThreshold: 1, openMs: 60_000 },
      }),
    );
    expect((await manager.connectAll()).warnings).toEqual([expect.objectContaining({ server: "gone", code: "mcp_connect_failed" })]);
    expect((await manager.connectAll()).warnings).toEqual([expect.objectContaining({ server: "gone", code: "mcp_circuit_open" })]);
  });
});

describe("discovery", () => {
  it("follows tools/list pagination", async () => {
    const server = await testServer({ tools: ["a", "b", "c", "d", "e"].map((name) => ({ name })), pageSize: 2 });
    const manager = managed(new McpManager(parseMcpConfig({ mcpServers: { t: { url: server.url } } })));
    const { tools } = await manager.connectAll();
    expect(tools.map((t) => t.name)).toEqual(["mcp__t__a", "mcp__t__b", "mcp__t__c", "mcp__t__d", "mcp__t__e"]);
    expect(server.requests["tools/list"]).toBe(3);
  });

  it("refreshes on notifications/tools/list_changed and reports what changed", async () => {
    const server = await testServer({ tools: [{ name: "old" }, { name: "kept" }] });
    const changes: McpToolsChange[] = [];
    const manager = managed(new McpManager(parseMcpConfig({ mcpServers: { t: { url: server.url } } }), { onToolsChanged: (c) => changes.push(c) }));
    await manager.connectAll();
    await server.setTools([{ name: "kept" }, { name: "new", handler: () => ({ content: [{ type: "text", text: "fresh" }] }) }]);
    await expect.poll(() => changes.length, { timeout: 3_000 }).toBe(1);
    expect(changes[0]!.server).toBe("t");
    expect(changes[0]!.tools.map((t) => t.name)).toEqual(["mcp__t__kept", "mcp__t__new"]);
    expect(changes[0]!.removed).toEqual(["mcp__t__old"]);
    expect((await runTool(changes[0]!.tools, "mcp__t__new", {})).result.content).toBe("fresh");
    // The next run start sees the new list without asking the server again.
    const listsBefore = server.requests["tools/list"];
    expect((await manager.connectAll()).tools.map((t) => t.name)).toEqual(["mcp__t__kept", "mcp__t__new"]);
    expect(server.requests["tools/list"]).toBe(listsBefore);
  });

  it("serves run starts from the cache within its TTL, connecting only when a tool is called", async () => {
    const server = await testServer({ tools: [{ name: "ping" }], instructions: "Ping politely." });
    const clock = { t: 0 };
    const cache = new InMemoryToolListCache(() => clock.t);
    const config = parseMcpConfig({ mcpServers: { t: { url: server.url } } });
    const first = managed(new McpManager(config, { cache, cacheTtlMs: 60_000 }));
    await first.connectAll();
    expect(server.requests).toMatchObject({ initialize: 1, "tools/list": 1 });

    const second = managed(new McpManager(config, { cache, cacheTtlMs: 60_000 }));
    const cached = await second.connectAll();
    expect(cached.tools.map((t) => t.name)).toEqual(["mcp__t__ping"]);
    expect(cached.instructions).toEqual([{ server: "t", text: "Ping politely." }]);
    expect(server.requests).toMatchObject({ initialize: 1, "tools/list": 1 });
    expect((await runTool(cached.tools, "mcp__t__ping", {})).result.status).toBe("success");
    expect(server.requests).toMatchObject({ initialize: 2, "tools/list": 1 });

    clock.t = 60_000;
    await managed(new McpManager(config, { cache, cacheTtlMs: 60_000 })).connectAll();
    expect(server.requests).toMatchObject({ initialize: 3, "tools/list": 2 });

    // An entry learned for another URL is stale.
    const moved = await testServer({ tools: [{ name: "pong" }] });
    const relocated = parseMcpConfig({ mcpServers: { t: { url: moved.url } } });
    expect((await managed(new McpManager(relocated, { cache })).connectAll()).tools.map((t) => t.name)).toEqual(["mcp__t__pong"]);
  });

  it("sanitizes names the model would reject, keeping them distinct and stable", async () => {
    const long = `tool_${"x".repeat(80)}`;
    const server = await testServer({ tools: [{ name: "weird.name" }, { name: "weird_name" }, { name: long }, { name: "space name" }] });
    const config = parseMcpConfig({ mcpServers: { "my server": { url: server.url } } });
    const names = (await managed(new McpManager(config)).connectAll()).tools.map((t) => t.name);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(names[0]).toMatch(/^mcp__my_server__weird_name_[0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^mcp__my_server__weird_name_[0-9a-f]{8}$/);
    expect(names[2]).toHaveLength(64);
    const again = (await managed(new McpManager(config)).connectAll()).tools.map((t) => t.name);
    expect(again).toEqual(names);
    expect((await runTool((await managed(new McpManager(config)).connectAll()).tools, names[0]!, {})).result.content).toBe("weird.name called");
  });
});
