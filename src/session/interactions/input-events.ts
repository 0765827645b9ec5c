// An MCP server's question to the user (elicitation) and how it was settled: declared by the inputs that
// emit them, merged into the core's event union (src/agent/events.ts).
import type { EventCatalogue } from "../../agent";

declare module "../../agent/events" {
  interface AgentEventMap {
    /** An MCP server asked the user for input (elicitation); the run waits in awaiting_input. */
    "input.required": { inputId: string; server: string; message: string; requestedSchema: unknown; expiresAt: string };
    /** How the question was settled: `by` names who answered ("api", …), or "expiry", "run" (it stopped), "restart" (the call was lost). */
    "input.answered": { inputId: string; server: string; action: "accept" | "decline" | "cancel"; by: string };
  }
}

/** A run's stream ends when it waits for a person. */
export const INPUT_EVENTS: EventCatalogue<"input.required" | "input.answered"> = {
  "input.required": { stream: true, terminal: true },
  "input.answered": { stream: true },
};
