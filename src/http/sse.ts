// Renders the session's event stream (NDJSON) as Server-Sent Events: `id: <seq>`, `event: <type>`,
// `data: <json>`. A client can reconnect with ?after=<last id> and miss nothing. When the client goes
// away the pipe cancels the subscription; the run itself goes on in the Durable Object.
import { decodeStreamRows, wireEvent, type StreamRow } from "../session/stream-events";

const encoder = new TextEncoder();

/** The headers of every event stream we send (runs, OpenAI-compatible chunks, the AI SDK's UI stream). */
export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" };

function toSse(): TransformStream<StreamRow, Uint8Array> {
  return new TransformStream({
    transform(row, controller) {
      const id = row.seq !== undefined ? `id: ${row.seq}\n` : "";
      const { type, data } = wireEvent(row.event);
      controller.enqueue(encoder.encode(`${id}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  });
}

export function sseResponse(events: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(events.pipeThrough(decodeStreamRows()).pipeThrough(toSse()), {
    headers: { ...SSE_HEADERS, ...headers },
  });
}

export function wantsStream(accept: string | undefined, streamFlag: boolean | undefined): boolean {
  return streamFlag === true || (accept ?? "").includes("text/event-stream");
}
