// Renders the session's event stream (NDJSON) as Server-Sent Events: `id: <seq>`, `event: <type>`,
// `data: <json>`. A client can reconnect with ?after=<last id> and miss nothing. When the client goes
// away the pipe cancels the subscription; the run itself goes on in the Durable Object.
import { decodeStreamEvents, type StreamEvent } from "../session/stream-events";

const encoder = new TextEncoder();

function toSse(): TransformStream<StreamEvent, Uint8Array> {
  return new TransformStream({
    transform(e, controller) {
      const id = e.seq !== undefined ? `id: ${e.seq}\n` : "";
      controller.enqueue(encoder.encode(`${id}event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`));
    },
  });
}

export function sseResponse(events: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(events.pipeThrough(decodeStreamEvents()).pipeThrough(toSse()), {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no", ...headers },
  });
}

export function wantsStream(accept: string | undefined, streamFlag: boolean | undefined): boolean {
  return streamFlag === true || (accept ?? "").includes("text/event-stream");
}
