// Renders the session's event stream (NDJSON) as Server-Sent Events: `id: <seq>`, `event: <type>`,
// `data: <json>`. A client can reconnect with ?after=<last id> and miss nothing.
import { readStreamEvents } from "../session/stream-events";

const encoder = new TextEncoder();

export function sseResponse(events: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const e of readStreamEvents(events)) {
          const id = e.seq !== undefined ? `id: ${e.seq}\n` : "";
          controller.enqueue(encoder.encode(`${id}event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`));
        }
        controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
    cancel(reason) {
      // The client went away: stop reading; the run itself goes on in the Durable Object.
      return events.cancel(reason);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no", ...headers },
  });
}

export function wantsStream(accept: string | undefined, streamFlag: boolean | undefined): boolean {
  return streamFlag === true || (accept ?? "").includes("text/event-stream");
}
