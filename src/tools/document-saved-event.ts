// save_document stored a document: declared by the tool that emits it, merged into the core's event union
// (src/agent/events.ts). Channels deliver the document by key, never by parsing the tool's text.
import type { EventCatalogue } from "../agent";

declare module "../agent/events" {
  interface AgentEventMap {
    "document.saved": { key: string; link: string; title: string; status: "final" | "draft"; findings: string[] };
  }
}

export const DOCUMENT_EVENTS: EventCatalogue<"document.saved"> = { "document.saved": { stream: true } };
