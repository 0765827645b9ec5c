// /mcp takes no query parameters (Streamable HTTP has none): a URL that carries one, `?session=alice` or a
// key someone hoped would authenticate, is refused with 400 naming it, as a JSON-RPC error, on every method,
// instead of being dropped while the request goes on without it. The bare URL still opens a session.
import { expect, it } from "vitest";
import { INITIALIZE, MCP_POST_HEADERS } from "../support/mcp-worker-client";
import { BASE, workerFetch } from "../support/worker-http";

const initialize = (query: string) => workerFetch(`${BASE}/mcp${query}`, { method: "POST", headers: MCP_POST_HEADERS, body: JSON.stringify(INITIALIZE) });

it.each([
  ["?session=alice", "query parameter 'session'"],
  ["?api_key=sk-123&x=1", "query parameter 'api_key'"],
  ["?", "a query string"],
])("refuses POST /mcp%s with 400 naming it, and opens no session", async (query, named) => {
  const refused = await initialize(query);
  expect(refused.status).toBe(400);
  expect(refused.headers.get("mcp-session-id")).toBeNull();
  expect(await refused.json()).toEqual({
    jsonrpc: "2.0",
    error: { code: -32600, message: `/mcp takes no query parameters; remove ${named} from the URL.` },
    id: null,
  });
});

it("refuses GET and DELETE with a query the same way", async () => {
  for (const method of ["GET", "DELETE"]) {
    const refused = await workerFetch(`${BASE}/mcp?stream=1`, { method, headers: { accept: "text/event-stream" } });
    expect(refused.status, method).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("'stream'");
  }
});

it("opens a session at the bare URL", async () => {
  const opened = await initialize("");
  expect(opened.status).toBe(200);
  expect(opened.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
  await opened.body?.cancel();
});
