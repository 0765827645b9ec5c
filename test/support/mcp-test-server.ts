// A small, scriptable MCP server over Streamable HTTP for what server-everything cannot show:
// paginated tool lists, tools that change at run time (notifications/tools/list_changed),
// names that need sanitizing, sessions that expire (HTTP 404, as the spec says), and request
// counts for the discovery cache.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";

export interface TestTool extends Partial<Omit<Tool, "name">> {
  name: string;
  handler?: (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>;
}

export interface TestMcpServer {
  url: string;
  /** JSON-RPC requests received, by method. */
  requests: Record<string, number>;
  /** Sessions neither ended by the client (DELETE) nor expired. */
  openSessions(): number;
  /** Replaces the tools and notifies every session. */
  setTools(tools: TestTool[]): Promise<void>;
  /** Forgets every session: later requests carrying their ids get 404. */
  expireSessions(): Promise<void>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

export async function startTestMcpServer(options: { tools: TestTool[]; pageSize?: number; instructions?: string }): Promise<TestMcpServer> {
  let tools = options.tools;
  const pageSize = options.pageSize ?? 100;
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>();
  const requests: Record<string, number> = {};

  function newSession() {
    const server = new Server(
      { name: "test-server", version: "1.0.0" },
      { capabilities: { tools: { listChanged: true } }, instructions: options.instructions },
    );
    server.setRequestHandler(ListToolsRequestSchema, (req) => {
      const start = Number(req.params?.cursor ?? 0);
      const page = tools.slice(start, start + pageSize).map(({ handler: _, ...t }) => ({ inputSchema: { type: "object" as const }, ...t }));
      return { tools: page, ...(start + pageSize < tools.length && { nextCursor: String(start + pageSize) }) };
    });
    server.setRequestHandler(CallToolRequestSchema, async (req) => {
      const tool = tools.find((t) => t.name === req.params.name);
      if (!tool) return { content: [{ type: "text", text: `unknown tool ${req.params.name}` }], isError: true };
      return tool.handler ? tool.handler(req.params.arguments ?? {}) : { content: [{ type: "text", text: `${tool.name} called` }] };
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
    });
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
    return { server, transport };
  }

  const http = createServer(async (req, res) => {
    const sessionId = req.headers["mcp-session-id"] as string | undefined;
    const body = req.method === "POST" ? JSON.parse(await readBody(req)) : undefined;
    for (const message of [body].flat()) if (message?.method) requests[message.method] = (requests[message.method] ?? 0) + 1;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
        return;
      }
      await session.transport.handleRequest(req, res, body);
      return;
    }
    const { server, transport } = newSession();
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const { port } = http.address() as AddressInfo;

  async function expireSessions() {
    const all = [...sessions.values()];
    sessions.clear();
    await Promise.all(all.map((s) => s.server.close()));
  }

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    openSessions: () => sessions.size,
    async setTools(next) {
      tools = next;
      await Promise.all([...sessions.values()].map((s) => s.server.sendToolListChanged()));
    },
    expireSessions,
    async close() {
      await expireSessions();
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}
