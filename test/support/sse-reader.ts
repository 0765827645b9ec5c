// Reads an SSE response event by event, so a test can act in the middle of a stream (evict the
// object, reconnect with ?after=) and then read on.
import { parseSseBlock as parse, type SseEvent } from "./sse-text";

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = "";
  /** Every event read so far. */
  readonly seen: SseEvent[] = [];

  constructor(res: Response) {
    this.reader = res.body!.getReader();
  }

  /** The next event, or undefined when the stream ended (or broke). */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (!block.trim()) continue;
        const e = parse(block);
        this.seen.push(e);
        return e;
      }
      const chunk = await this.reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return undefined;
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Reads until an event satisfies `done` (returned) or the stream ends (undefined). */
  async until(done: (e: SseEvent) => boolean): Promise<SseEvent | undefined> {
    for (let e = await this.next(); e; e = await this.next()) if (done(e)) return e;
    return undefined;
  }

  /** Reads to the end. */
  async rest(): Promise<SseEvent[]> {
    const start = this.seen.length;
    while (await this.next());
    return this.seen.slice(start);
  }

  /** The last trace seq seen: where a reconnect picks up. */
  lastSeq(): number {
    return this.seen.reduce((max, e) => (e.id !== undefined && e.id > max ? e.id : max), 0);
  }

  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => {});
  }
}
