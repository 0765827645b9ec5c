// A legacy SSE server that answers any request to its endpoint, the initializing POST included, with
// `200 text/event-stream` and an `endpoint` event (@mastra/mcp's startSSE does so). The client reads
// that first event, falls back to legacy SSE at once and connects, rather than waiting for an
// initialize answer that never comes until the connect timeout.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { McpManager, parseMcpConfig } from "../../src/mcp";
import { runTool } from "../support/mcp-run-tool";

let http: HttpServer;
let url: string;
const transports = new Map<string, SSEServerTransport>();

beforeAll(async () => {
  http = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/messages") {
      const transport = transports.get(new URL(req.url!, "http://x").searchParams.get("sessionId") ?? "");
      if (!transport) return void res.writeHead(404).end();
      return void (await transport.handlePostMessage(req, res));
    }
    // startSSE's way: whatever the method, the endpoint opens a stream and names where to post.
    const transport = new SSEServerTransport("/messages", res);
    transports.set(transport.sessionId, transport);
    const server = new Server({ name: "sse-on-post", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, (r) => ({ content: [{ type: "text", text: `echo: ${String(r.params.arguments?.text)}` }] }));
    await server.connect(transport);
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/sse`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((r) => http.close(() => r()));
});

it("falls back to legacy SSE when the initializing POST is answered with an endpoint event", { timeout: 20_000 }, async () => {
  // A connect timeout the old client spent whole and then failed with (a timeout is no reason to fall back).
  const manager = new McpManager(parseMcpConfig({ mcpServers: { mastra: { url } } }), { connectTimeoutMs: 8_000 });
  try {
    const result = await manager.connectAll();
    expect(result.servers).toEqual([{ name: "mastra", status: "connected", toolCount: 1 }]);
    expect(manager.transportOf("mastra")).toBe("sse");
    const run = await runTool(result.tools, "mcp__mastra__echo", { text: "hi" });
    expect(run.result).toMatchObject({ status: "success", content: "echo: hi" });
  } finally {
    await manager.close();
  }
});
