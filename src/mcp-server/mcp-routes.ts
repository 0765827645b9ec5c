// /mcp: the study agent as a remote MCP server (Streamable HTTP). The bearer keys of /v1 apply (the
// same middleware); each MCP session is a Durable Object of its own (src/mcp-server/), reached by its
// Mcp-Session-Id, so a session's requests and its resumable SSE streams meet one transport.
import { Hono } from "hono";
import { MCP_FORWARD } from "./mcp-session-object";
import type { AppEnv } from "../http-kit/app-env";

export const mcpRoutes = new Hono<AppEnv>().all("/", async (c) => {
  const request = c.req.raw;
  // DNS rebinding: a browser page on another origin must not reach a server on loopback (MCP spec).
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    return c.json({ jsonrpc: "2.0", error: { code: -32000, message: `Forbidden: origin ${origin} may not use this server` }, id: null }, 403);
  }
  const given = request.headers.get("mcp-session-id");
  const sessionId = given ?? crypto.randomUUID();
  const headers = new Headers(request.headers);
  headers.set(MCP_FORWARD.sessionId, sessionId);
  headers.set(MCP_FORWARD.principal, await principalOf(request));
  headers.set(MCP_FORWARD.tenant, JSON.stringify(c.get("tenant")));
  const stub = c.env.MCP_SESSIONS.getByName(sessionId);
  const response = await stub.fetch(new Request(request, { headers }));
  // A fresh Response: the Durable Object's has immutable headers, and the app's middleware adds some.
  return new Response(response.body, response);
});

/** Who is calling, as a digest of the credentials they sent: a session stays with the key that opened it. */
async function principalOf(request: Request): Promise<string> {
  const credentials = request.headers.get("authorization") ?? "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(credentials));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
