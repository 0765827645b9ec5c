// /mcp: the study agent as a remote MCP server (Streamable HTTP). Its auth (mcpAuth, src/http/auth.ts)
// is OAuth 2.1 with the static keys of /v1 as bearers too; each MCP session is a Durable Object of its own (src/mcp-server/), reached by its
// Mcp-Session-Id, so a session's requests and its resumable SSE streams meet one transport.
import { Hono } from "hono/tiny";
import { MCP_FORWARD } from "./mcp-session-object";
import type { AppEnv } from "../http-kit/app-env";

export const mcpRoutes = new Hono<AppEnv>().all("/", async (c) => {
  const request = c.req.raw;
  // DNS rebinding: a browser page on another origin must not reach a server on loopback (MCP spec).
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    return c.json({ jsonrpc: "2.0", error: { code: -32000, message: `Forbidden: origin ${origin} may not use this server` }, id: null }, 403);
  }
  // Streamable HTTP has no query parameters: one (`?session=alice`, a key) would otherwise be silently dropped.
  if (request.url.includes("?")) {
    const param = [...new URL(request.url).searchParams.keys()][0];
    const named = param === undefined ? "a query string" : `query parameter '${param}'`;
    return c.json({ jsonrpc: "2.0", error: { code: -32600, message: `/mcp takes no query parameters; remove ${named} from the URL.` }, id: null }, 400);
  }
  const given = request.headers.get("mcp-session-id");
  const sessionId = given ?? crypto.randomUUID();
  const headers = new Headers(request.headers);
  headers.set(MCP_FORWARD.sessionId, sessionId);
  headers.set(MCP_FORWARD.principal, c.get("principal"));
  headers.set(MCP_FORWARD.tenant, JSON.stringify(c.get("tenant")));
  const stub = c.env.MCP_SESSIONS.getByName(sessionId);
  const response = await stub.fetch(new Request(request, { headers }));
  // A fresh Response: the Durable Object's has immutable headers, and the app's middleware adds some.
  return new Response(response.body, response);
});
