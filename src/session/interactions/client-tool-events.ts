// A run stopping for the client to run its own tools (client-tool-calls.ts): declared by the interactions
// that emit it, merged into the core's event union (src/agent/events.ts).
import type { EventCatalogue } from "../../agent";

declare module "../../agent/events" {
  interface AgentEventMap {
    /** The model called tools the client declared; the run waits (awaiting_client_tools) until `expiresAt` for their results. `args`: JSON text. */
    "client_tools.required": { calls: Array<{ callId: string; name: string; args: string }>; expiresAt: string };
  }
}

/** A run's stream ends when it waits for the client. */
export const CLIENT_TOOL_EVENTS: EventCatalogue<"client_tools.required"> = {
  "client_tools.required": { stream: true, terminal: true },
};
