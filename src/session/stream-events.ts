// The wire between the Session Durable Object and its channels: newline-delimited JSON, one event a
// line. Each channel renders it its own way (SSE, OpenAI chunks, bot messages).
export interface StreamEvent {
  /** Trace sequence number; absent for live text deltas (stored merged later). */
  seq?: number;
  type: string;
  data: Record<string, unknown>;
}

const encoder = new TextEncoder();

export function encodeStreamEvent(e: StreamEvent): Uint8Array {
  return encoder.encode(JSON.stringify(e) + "\n");
}

/** Splits an NDJSON byte stream into events; cancelling downstream cancels the source. */
export function decodeStreamEvents(): TransformStream<Uint8Array, StreamEvent> {
  const decoder = new TextDecoder();
  let buf = "";
  return new TransformStream({
    transform(chunk, controller) {
      buf += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line) controller.enqueue(JSON.parse(line) as StreamEvent);
      }
    },
    flush(controller) {
      if (buf.trim()) controller.enqueue(JSON.parse(buf) as StreamEvent);
    },
  });
}

/** Reads events from an NDJSON byte stream until it ends. */
export function readStreamEvents(stream: ReadableStream<Uint8Array>): AsyncIterable<StreamEvent> {
  return stream.pipeThrough(decodeStreamEvents());
}
