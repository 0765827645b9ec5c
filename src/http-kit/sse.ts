// A run's event stream as Server-Sent Events: `id: <seq>` (a live delta's `<seq>.<chars>`), `event: <type>`,
// `data: <json>`, encoded by the Session object (stream-events.ts) and piped through here untouched. A client
// can reconnect with ?after=<last id> and miss nothing. When the client goes away the pipe cancels the subscription; the run
// itself goes on in the Durable Object.

/** The headers of every event stream we send (runs, OpenAI-compatible chunks, the AI SDK's UI stream). */
export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" };

/** `events`: the session's stream in the "sse" format (SessionObject.streamRun). */
export function sseResponse(events: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(events, {
    headers: { ...SSE_HEADERS, ...headers },
  });
}

/** A stream when the body says `stream: true`, or says nothing and the client accepts one: a `stream: false` it sent wins. */
export function wantsStream(accept: string | undefined, streamFlag: boolean | undefined): boolean {
  return streamFlag ?? (accept ?? "").includes("text/event-stream");
}
