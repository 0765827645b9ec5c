// A tool call waiting for a person's approval, and how it was decided: declared by the approvals that
// emit them, merged into the core's event union (src/agent/events.ts).
import type { EventCatalogue } from "../../agent";

declare module "../../agent/events" {
  interface AgentEventMap {
    "approval.required": { approvalId: string; callId: string; name: string; args: unknown; expiresAt: string };
    /** `by` names who decided ("api", "telegram:<user>", …) or "expiry" when no one did in time; `reason`, the why they gave, if any. */
    "approval.decided": { approvalId: string; callId: string; name: string; decision: "allow" | "deny"; by: string; reason?: string };
  }
}

/** A run's stream ends when it waits for a person. */
export const APPROVAL_EVENTS: EventCatalogue<"approval.required" | "approval.decided"> = {
  "approval.required": { stream: true, terminal: true },
  "approval.decided": { stream: true },
};
