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

/** Reads events from an NDJSON byte stream until it ends. */
export async function* readStreamEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  let buf = "";
  for await (const chunk of stream) {
    buf += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line) yield JSON.parse(line) as StreamEvent;
    }
  }
  if (buf.trim()) yield JSON.parse(buf) as StreamEvent;
}
