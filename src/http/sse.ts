// Renders the session's event stream (NDJSON) as Server-Sent Events: `id: <seq>`, `event: <type>`,
// `data: <json>`. A client can reconnect with ?after=<last id> and miss nothing. When the client goes
// away the pipe cancels the subscription; the run itself goes on in the Durable Object.
import { rowSplitter, wireEvent, type StreamRow } from "../session/stream-events";

const encoder = new TextEncoder();

/** The headers of every event stream we send (runs, OpenAI-compatible chunks, the AI SDK's UI stream). */
export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" };

function sseText(row: StreamRow): string {
  const id = row.seq !== undefined ? `id: ${row.seq}\n` : "";
  const { type, data } = wireEvent(row.event);
  return `${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** NDJSON rows in, SSE out, in one step: every chunk from the session becomes one chunk to the client (each hop of a stream costs CPU). */
function toSse(): TransformStream<Uint8Array, Uint8Array> {
  const rows = rowSplitter();
  const write = (batch: StreamRow[], controller: TransformStreamDefaultController<Uint8Array>) => {
    if (batch.length) controller.enqueue(encoder.encode(batch.map(sseText).join("")));
  };
  return new TransformStream({
    transform: (chunk, controller) => write(rows.push(chunk), controller),
    flush: (controller) => write(rows.end(), controller),
  });
}

export function sseResponse(events: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(events.pipeThrough(toSse()), {
    headers: { ...SSE_HEADERS, ...headers },
  });
}

export function wantsStream(accept: string | undefined, streamFlag: boolean | undefined): boolean {
  return streamFlag === true || (accept ?? "").includes("text/event-stream");
}
