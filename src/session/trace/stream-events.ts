// The wire between the Session Durable Object and its channels: newline-delimited JSON, one row a line,
// each carrying one event of the union (src/agent/events.ts, with the product's events merged in). Channels switch on `event.type` and
// get each event's fields typed; they render it their own way (SSE, OpenAI chunks, bot messages).
import type { EventType, SourcedEvent } from "../../agent";
import { isEventType } from "./event-catalogue";

/** A stored event: the audit trace's row. */
export interface TraceRow {
  /** The event's id: `evt_…`, random, unique across every session and every life of one (rows stored before ids have none). */
  id?: string;
  seq: number;
  at: string;
  runId: string | null;
  event: SourcedEvent;
}

/** One row of a run's stream: a stored event, or a live text delta (no seq yet: it is stored merged later). */
export interface StreamRow {
  seq?: number;
  event: SourcedEvent;
  /** A live delta's resume point, `<seq>.<chars>` (event-hub.ts): its SSE id. */
  mark?: string;
}

/** The public wire's shape of an event (SSE `event:` + `data:`, GET /v1/sessions/:id/events, webhooks): its type, and its other fields as data. */
export function wireEvent(event: SourcedEvent): { type: EventType; data: Omit<SourcedEvent, "type"> } {
  const { type, ...data } = event;
  return { type, data };
}

/** A trace row as clients read it (GET /v1/sessions/:id/events): the public wire's type and data. */
export type TraceEventView = { id?: string; seq: number; at: string; runId: string | null } & ReturnType<typeof wireEvent>;

export const traceEventView = ({ id, seq, at, runId, event }: TraceRow): TraceEventView => ({ ...(id ? { id } : {}), seq, at, runId, ...wireEvent(event) });

const encoder = new TextEncoder();

/**
 * How a subscriber gets its run's rows: NDJSON for the channels that render them their own way, or
 * Server-Sent Events ready for the client (`id: <seq>`, `event: <type>`, `data: <json>`), so the Worker
 * pipes the object's bytes through instead of parsing and re-encoding every event (each one costs CPU in
 * the Worker's invocation, which lasts as long as the stream).
 */
export type StreamFormat = "ndjson" | "sse";

/** Encodes rows in `format`; a stored event's row comes with the JSON the trace already made (`eventJson`), so NDJSON serializes it once. */
export function rowEncoder(format: StreamFormat): (row: StreamRow, eventJson?: string) => Uint8Array {
  if (format === "sse") return encodeSseRow;
  return (row, eventJson) =>
    row.seq !== undefined && eventJson !== undefined ? encoder.encode(`{"seq":${row.seq},"event":${eventJson}}\n`) : encoder.encode(JSON.stringify(row) + "\n");
}

function encodeSseRow(row: StreamRow): Uint8Array {
  const id = row.seq !== undefined ? `id: ${row.seq}\n` : row.mark ? `id: ${row.mark}\n` : "";
  const { type, data } = wireEvent(row.event);
  return encoder.encode(`${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A line the Durable Object wrote from the union; a line of any other shape is a bug, and fails loudly. */
function parseRow(line: string): StreamRow {
  const row: unknown = JSON.parse(line);
  if (!row || typeof row !== "object" || !("event" in row) || !row.event || typeof row.event !== "object" || !("type" in row.event))
    throw new Error(`not a stream row: ${line.slice(0, 200)}`);
  if (typeof row.event.type !== "string" || !isEventType(row.event.type)) throw new Error(`unknown event type in stream: ${String(row.event.type)}`);
  // The type is one of the union's and the Durable Object serialized the event from the union itself.
  return row as StreamRow;
}

/** Splits NDJSON bytes into rows as they come: `push` gives the whole rows of each chunk, `end` the last one. */
export function rowSplitter(): { push(chunk: Uint8Array): StreamRow[]; end(): StreamRow[] } {
  const decoder = new TextDecoder();
  let buf = "";
  return {
    push(chunk) {
      buf += decoder.decode(chunk, { stream: true });
      const rows: StreamRow[] = [];
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line) rows.push(parseRow(line));
      }
      return rows;
    },
    end: () => (buf.trim() ? [parseRow(buf)] : []),
  };
}

/** Splits an NDJSON byte stream into rows; cancelling downstream cancels the source. */
export function decodeStreamRows(): TransformStream<Uint8Array, StreamRow> {
  const rows = rowSplitter();
  return new TransformStream({
    transform(chunk, controller) {
      for (const row of rows.push(chunk)) controller.enqueue(row);
    },
    flush(controller) {
      for (const row of rows.end()) controller.enqueue(row);
    },
  });
}

/** Reads rows from an NDJSON byte stream until it ends. */
export function readStreamRows(stream: ReadableStream<Uint8Array>): AsyncIterable<StreamRow> {
  return stream.pipeThrough(decodeStreamRows());
}
