// save_document stored a document: declared by the tool that emits it, merged into the core's event union
// (src/agent/events.ts). Channels deliver the document by key, never by parsing the tool's text. `findings` are
// the lesson check's words for the model (English); `findingCodes` the same findings by code and chapter, which
// the web page says in its own language (public/js/lesson-findings.js); a trace from before them has none.
import type { EventCatalogue } from "../agent";
import type { LessonFinding } from "../lessons/validator";

declare module "../agent/events" {
  interface AgentEventMap {
    "document.saved": {
      key: string;
      link: string;
      title: string;
      status: "final" | "draft";
      findings: string[];
      findingCodes?: Pick<LessonFinding, "code" | "chapter">[];
    };
  }
}

export const DOCUMENT_EVENTS: EventCatalogue<"document.saved"> = { "document.saved": { stream: true } };
