// Fans a run's events out to live subscribers and into the trace. Text deltas go to subscribers one by
// one but are stored merged (one row per uninterrupted stretch of text), so a long answer costs a few
// rows, not thousands. A subscriber first gets the stored events after its cursor, then live ones:
// both happen in one synchronous block, so nothing falls between replay and follow.
import { STREAM_EVENTS, TERMINAL_EVENTS, type SourcedEvent } from "../agent/events";
import type { SessionStore } from "./session-store";
import { encodeStreamEvent, type StreamEvent } from "./stream-events";

interface Subscriber {
  controller: ReadableStreamDefaultController<Uint8Array>;
}

export class EventHub {
  private subscribers = new Map<string, Set<Subscriber>>();
  private pendingText = new Map<string, { delta: string; agent?: string }>();

  constructor(private readonly store: SessionStore) {}

  emit(runId: string, event: SourcedEvent): void {
    if (event.type === "text.delta") {
      const pending = this.pendingText.get(runId);
      if (pending && pending.agent === event.agent) pending.delta += event.delta;
      else {
        this.flush(runId);
        this.pendingText.set(runId, { delta: event.delta, ...(event.agent ? { agent: event.agent } : {}) });
      }
      this.broadcast(runId, { type: event.type, data: withoutType(event) });
      return;
    }
    this.flush(runId);
    const row = this.store.appendEvent(runId, event);
    if (STREAM_EVENTS.has(event.type)) this.broadcast(runId, { seq: row.seq, type: row.type, data: row.data });
    // A child's terminal event is not its parent's.
    if (TERMINAL_EVENTS.has(event.type) && !event.agent) this.closeAll(runId);
  }

  /** Stores buffered text as one trace event. */
  flush(runId: string): void {
    const pending = this.pendingText.get(runId);
    if (!pending) return;
    this.pendingText.delete(runId);
    this.store.appendEvent(runId, { type: "text.delta", ...pending });
  }

  /** Stored events after `after`, then live ones until the run's stream ends. */
  subscribe(runId: string, after: number, finished: boolean): ReadableStream<Uint8Array> {
    let self: Subscriber;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = { controller };
        let ended = false;
        for (const e of this.store.events({ runId, after })) {
          if (!STREAM_EVENTS.has(e.type as SourcedEvent["type"])) continue;
          controller.enqueue(encodeStreamEvent({ seq: e.seq, type: e.type, data: e.data }));
          if (TERMINAL_EVENTS.has(e.type as SourcedEvent["type"]) && !e.data.agent) ended = true;
        }
        const pending = this.pendingText.get(runId);
        if (pending && !ended) controller.enqueue(encodeStreamEvent({ type: "text.delta", data: pending }));
        if (ended || finished) return controller.close();
        let set = this.subscribers.get(runId);
        if (!set) this.subscribers.set(runId, (set = new Set()));
        set.add(self);
      },
      cancel: () => {
        // The client went away; the run goes on.
        this.subscribers.get(runId)?.delete(self);
      },
    });
  }

  private broadcast(runId: string, e: StreamEvent): void {
    const set = this.subscribers.get(runId);
    if (!set?.size) return;
    const bytes = encodeStreamEvent(e);
    for (const s of set) {
      try {
        s.controller.enqueue(bytes);
      } catch {
        set.delete(s);
      }
    }
  }

  private closeAll(runId: string): void {
    const set = this.subscribers.get(runId);
    this.subscribers.delete(runId);
    for (const s of set ?? []) {
      try {
        s.controller.close();
      } catch {
        // already closed by the client
      }
    }
  }
}

function withoutType(e: SourcedEvent): Record<string, unknown> {
  const { type: _type, ...data } = e;
  return data;
}
