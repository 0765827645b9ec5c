// Sessions are named by the server (a random UUID, which the connection's own agent session mcp-<id>
// relies on). An initialize that names a session it does not have gets 404 Session not found, as any
// request for an unknown session does, instead of opening a session under the client's name; the spec
// has a client that sees 404 start again without the header, which still works.
import { expect, it } from "vitest";
import { INITIALIZE, MCP_POST_HEADERS } from "../support/mcp-worker-client";
import { BASE, uniqueId, workerFetch } from "../support/worker-http";

const initialize = (headers: Record<string, string> = {}) =>
  workerFetch(`${BASE}/mcp`, { method: "POST", headers: { ...MCP_POST_HEADERS, ...headers }, body: JSON.stringify(INITIALIZE) });

it.each([uniqueId("chosen"), "chosen by the client", "x".repeat(3000)])("refuses an initialize naming the session %s", async (sessionId) => {
  const refused = await initialize({ "mcp-session-id": sessionId });
  expect(refused.status).toBe(404);
  expect(refused.headers.get("mcp-session-id")).toBeNull();
  expect(await refused.json()).toMatchObject({ error: { code: -32001, message: "Session not found" } });
});

it("opens a session under a name of its own when the client names none", async () => {
  const opened = await initialize();
  expect(opened.status).toBe(200);
  expect(opened.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
  await opened.body?.cancel();
});
