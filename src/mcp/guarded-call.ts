// Every request a tool makes of an MCP server goes through the server's circuit breaker, and
// every way it can go wrong becomes a tool result the model can read. Only signs of an unhealthy
// server count against the breaker: no connection, a timeout, a closed session. A JSON-RPC error
// (bad params, unknown tool) is the server answering, and a cancelled run is nobody's fault.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { CircuitOpenError } from "../lib/circuit-breaker";
import { fail, type ToolContext, type ToolResult } from "../agent";
import { errorText } from "./error-text";
import { McpAuthorizationRequired } from "./oauth/oauth-provider";
import type { McpServerConnection } from "./server-connection";

function isServerFailure(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted || error instanceof McpAuthorizationRequired) return false;
  if (error instanceof McpError) return error.code === ErrorCode.RequestTimeout || error.code === ErrorCode.ConnectionClosed;
  return true;
}

function describeFailure(server: McpServerConnection, what: string, error: unknown, signal: AbortSignal): string {
  const name = server.name;
  if (error instanceof CircuitOpenError) {
    const retry = error.retryInMs > 0 ? `; next attempt in ${Math.ceil(error.retryInMs / 1000)} s` : "";
    return `server ${name} unavailable (circuit open): it failed repeatedly${retry}. Carry on without its tools or try later.`;
  }
  if (signal.aborted) return `MCP ${what} on server ${name} was cancelled.`;
  if (error instanceof McpAuthorizationRequired && !error.authorizationUrl) {
    return `MCP ${what} on server ${name} needs an authorization only the operator can give (a shared server). Carry on without it.`;
  }
  if (error instanceof McpAuthorizationRequired) {
    return `MCP ${what} on server ${name} needs the user's authorization first; the user has been sent the link. Carry on without it.`;
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `MCP ${what} on server ${name} timed out after ${server.config.timeoutMs} ms.`;
  }
  return `MCP ${what} on server ${name} failed: ${errorText(error)}`;
}

export async function guardedCall<T>(
  server: McpServerConnection,
  ctx: ToolContext,
  what: string,
  request: () => Promise<T>,
  toResult: (value: T) => ToolResult,
): Promise<ToolResult> {
  const stateBefore = server.breaker.state;
  try {
    return toResult(await server.breaker.run(request, (e) => isServerFailure(e, ctx.signal)));
  } catch (error) {
    if (error instanceof McpAuthorizationRequired) {
      ctx.emit(
        error.authorizationUrl
          ? { type: "mcp.authorization_required", server: error.server, authorizationUrl: error.authorizationUrl }
          : { type: "warning", code: "mcp_operator_authorization_required", server: error.server, message: error.message },
      );
    }
    if (stateBefore !== "open" && server.breaker.state === "open") {
      ctx.emit({
        type: "warning",
        code: "mcp_circuit_open",
        server: server.name,
        message: `MCP server ${server.name} is failing; its tools answer "unavailable" for the next ${Math.round(server.breaker.options.openMs / 1000)} s.`,
      });
    }
    return fail(describeFailure(server, what, error, ctx.signal), { server: server.name, error: errorText(error) });
  }
}
