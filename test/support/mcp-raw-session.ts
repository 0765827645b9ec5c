// /mcp spoken below the SDK client, inside workerd: for what the client never does (two messages in one
// POST, an id sent twice, a session without a GET stream).
import { SseReader } from "./sse-reader";
import { call } from "./worker-http";

const PROTOCOL = "2025-11-25";

/** A POST of `message` (one JSON-RPC message or a batch) to the session `sessionId` (none: an initialize). */
export function postMcp(sessionId: string | undefined, message: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json, text/event-stream", "mcp-protocol-version": PROTOCOL };
  if (sessionId) headers["mcp-session-id"] = sessionId;
  return call("/mcp", { method: "POST", headers, json: message });
}

/** Opens a session with the client capabilities `capabilities`; its Mcp-Session-Id. */
export async function openMcpSession(capabilities: Record<string, unknown> = {}): Promise<string> {
  const init = await postMcp(undefined, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: PROTOCOL, capabilities, clientInfo: { name: "raw-test", version: "1" } },
  });
  const sessionId = init.headers.get("mcp-session-id")!;
  await new SseReader(init).rest();
  await (await postMcp(sessionId, { jsonrpc: "2.0", method: "notifications/initialized" })).body?.cancel();
  return sessionId;
}

/** A tools/call request. */
export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
