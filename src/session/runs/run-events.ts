// A run's start and end, as the session tells them: declared here, by the run machinery that emits them,
// and merged into the core's event union (src/agent/events.ts).
import type { EventCatalogue } from "../../agent";

// RunStatus, Usage and ErrorInfo resolve in the core's module, where this block merges.
declare module "../../agent/events" {
  interface AgentEventMap {
    "run.started": { runId: string };
    "run.completed": { runId: string; status: RunStatus; output: string; steps: number; usage: Usage };
    "run.failed": { runId: string; error: ErrorInfo };
  }
}

export const RUN_EVENTS: EventCatalogue<"run.started" | "run.completed" | "run.failed"> = {
  "run.started": { stream: true },
  "run.completed": { stream: true, terminal: true },
  "run.failed": { stream: true, terminal: true },
};
