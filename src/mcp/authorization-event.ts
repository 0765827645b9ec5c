// An MCP server needs OAuth before its tools can be used (the run goes on without them): declared by the
// MCP client, merged into the core's event union (src/agent/events.ts).
import type { EventCatalogue } from "../agent";

declare module "../agent/events" {
  interface AgentEventMap {
    "mcp.authorization_required": { server: string; authorizationUrl: string };
  }
}

export const MCP_EVENTS: EventCatalogue<"mcp.authorization_required"> = { "mcp.authorization_required": { stream: true } };
