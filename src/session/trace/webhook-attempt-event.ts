// One attempt to deliver an event to a webhook: declared by the outbox that makes it, merged into the
// core's event union (src/agent/events.ts). It goes to the trace only, never to streams or webhooks.
import type { EventCatalogue } from "../../agent";

declare module "../../agent/events" {
  interface AgentEventMap {
    "webhook.attempt": {
      webhookId: string;
      event: string;
      /** The receiver's origin (its path may hold a credential). */
      origin: string;
      attempt: number;
      outcome: "delivered" | "retrying" | "gave_up";
      status?: number;
      error?: string;
      nextAttemptAt?: string;
    };
  }
}

export const WEBHOOK_EVENTS: EventCatalogue<"webhook.attempt"> = { "webhook.attempt": { stream: false } };
