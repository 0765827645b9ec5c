// The official SDK client connected to the Worker under test's /mcp (Streamable HTTP, inside workerd), and
// the raw request a client sends to open a session, for tests that talk to /mcp below the client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { afterAll, beforeAll } from "vitest";
import { BASE, workerFetch } from "./worker-http";

/** A connected client; close it when done. */
export async function connectMcpClient(name = "sdk-test"): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { fetch: workerFetch }));
  return client;
}

/** A client connected before the file's tests and closed after them: `client()` is it. */
export function fileMcpClient(): () => Client {
  let client: Client | undefined;
  beforeAll(async () => {
    client = await connectMcpClient();
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });
  return () => client!;
}

/** The headers of a POST to /mcp: JSON in, JSON or SSE out. */
export const MCP_POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" } as const;

/** An initialize request, as the first message of a session. */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-test", version: "1" } },
} as const;
