// Every event type at runtime, with how the wire treats it (EventTraits): the loop's list from the core
// and each owner's own list, merged here where the product is assembled, so the core imports none of them.
// WEBHOOKS config names types from it, the stream filters by it, docs/api.md documents it.
import { type EventTraits, type EventType, LOOP_EVENTS } from "../../agent";
import { MCP_EVENTS } from "../../mcp/authorization-event";
import { DOCUMENT_EVENTS } from "../../tools/document-saved-event";
import { APPROVAL_EVENTS } from "../interactions/approval-events";
import { CLIENT_TOOL_EVENTS } from "../interactions/client-tool-events";
import { INPUT_EVENTS } from "../interactions/input-events";
import { RUN_EVENTS } from "../runs/run-events";
import { WEBHOOK_EVENTS } from "./webhook-attempt-event";

/** `satisfies` makes an event type declared anywhere fail to compile until its owner's list is merged here. */
const EVENTS = {
  ...LOOP_EVENTS,
  ...RUN_EVENTS,
  ...APPROVAL_EVENTS,
  ...INPUT_EVENTS,
  ...CLIENT_TOOL_EVENTS,
  ...DOCUMENT_EVENTS,
  ...MCP_EVENTS,
  ...WEBHOOK_EVENTS,
} satisfies Record<EventType, EventTraits>;

export const isEventType = (type: string): type is EventType => Object.hasOwn(EVENTS, type);

/** Every event type, for config that names them (WEBHOOKS). */
export const EVENT_TYPES: readonly EventType[] = Object.keys(EVENTS).filter(isEventType);

/** The event types a stream client sees; the rest are for the audit trace. */
export const STREAM_EVENTS: ReadonlySet<EventType> = new Set(EVENT_TYPES.filter((t) => EVENTS[t].stream));

/** A stream ends after one of these. */
export const TERMINAL_EVENTS: ReadonlySet<EventType> = new Set(EVENT_TYPES.filter((t) => EVENTS[t].terminal));
