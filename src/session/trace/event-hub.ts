// Fans a run's events out to live subscribers and into the trace. Text deltas go to subscribers one by
// one but are stored merged (one row per uninterrupted stretch of text), so a long answer costs a few
// rows, not thousands; so are a model's reasoning deltas, when the run keeps them. A subscriber first gets
// the stored events after its cursor, then live ones: both happen in one synchronous block, so nothing falls
// between replay and follow.
// Every event is redacted before it is stored, and the trace keeps the newest `maxEvents` only
// (seqs only grow, so that is a range delete, made when the session goes idle). A subscriber's bytes go out once per turn of the event
// loop, not once per event: a tool step's started and finished events cross to the Worker as one chunk
// (every chunk costs CPU on both sides), and nothing waits longer than the turn that made it.
// A live delta carries a mark, `<seq>.<chars>`: the run's last stored event, and how much of the stretch of
// text after it the subscriber has. Resuming from a mark replays that stretch without what was had, so a
// client that reconnects mid-answer (EventSource does, with Last-Event-ID) gets no text twice.
import type { SourcedEvent } from "../../agent";
import { STREAM_EVENTS, TERMINAL_EVENTS } from "./event-catalogue";
import type { Redactor } from "../../lib/redaction";
import type { SessionStore } from "../session-store";
import { rowEncoder, type StreamFormat, type StreamRow, type TraceRow } from "./stream-events";

/** A delta stored merged: the text of an answer, or a model's reasoning. */
type MergedDelta = Extract<SourcedEvent, { type: "text.delta" | "reasoning.delta" }>;

export interface TracePolicy {
  redact: Redactor;
  maxEvents: number;
  /** Characters of a tool output the trace keeps; the whole output goes to live subscribers and stays in the history. */
  outputPreviewChars: number;
  /** Sees each stored event (webhook hooks). */
  onStored?: (row: TraceRow & { id: string }) => void;
}

interface Subscriber {
  runId: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  encode: ReturnType<typeof rowEncoder>;
  /** Bytes of this turn, sent together when it ends. */
  pending: Uint8Array[];
}

export class EventHub {
  private subscribers = new Map<string, Set<Subscriber>>();
  private pendingDeltas = new Map<string, MergedDelta>();
  /** Subscribers with bytes waiting for the end of this turn. */
  private unsent = new Set<Subscriber>();
  private sending: ReturnType<typeof setTimeout> | undefined;
  /** The newest stored seq, and how far the trace is known pruned (retention). */
  private lastSeq = 0;
  /** The seq of each running run's last stored event: where its live deltas' marks count from. */
  private lastSeqOfRun = new Map<string, number>();
  private prunedThrough = 0;

  constructor(
    private readonly store: SessionStore,
    private readonly policy: () => TracePolicy,
  ) {}

  /**
   * Returns the trace seq of the stored event (none for a live delta). `keepOpen` holds a terminal event's
   * stream open for more of its kind; `keepReasoning` stores the model's reasoning, which is otherwise for
   * whoever watches live and kept nowhere (a client asked for it as part of its answer: a reasoning summary).
   */
  emit(runId: string, event: SourcedEvent, opts: { keepOpen?: boolean; keepReasoning?: boolean } = {}): number | undefined {
    // A subagent's reasoning is never part of the answer.
    if (event.type === "reasoning.delta" && (!opts.keepReasoning || event.agent)) {
      this.broadcast(runId, { event });
      return;
    }
    if (event.type === "text.delta" || event.type === "reasoning.delta") {
      let stretch = this.pendingDeltas.get(runId);
      if (stretch && stretch.type === event.type && stretch.agent === event.agent) stretch.delta += event.delta;
      else {
        this.flush(runId);
        const started: MergedDelta = { type: event.type, delta: event.delta, ...(event.agent ? { agent: event.agent } : {}) };
        this.pendingDeltas.set(runId, (stretch = started));
      }
      this.broadcast(runId, { event, mark: this.markOf(runId, stretch) });
      return;
    }
    this.flush(runId);
    const { row, cut } = this.record(runId, event);
    // The stored row's JSON is what the stream sends, unless the trace kept only a preview of it: then
    // the whole event, redacted only when someone is listening.
    if (STREAM_EVENTS.has(event.type)) {
      if (!cut) this.broadcast(runId, { seq: row.seq, event: row.event }, row.json);
      else if (this.subscribers.get(runId)?.size) this.broadcast(runId, { seq: row.seq, event: this.policy().redact(event) });
    }
    // A child's terminal event is not its parent's.
    if (TERMINAL_EVENTS.has(event.type) && !event.agent && !opts.keepOpen) this.closeAll(runId);
    return row.seq;
  }

  /** Stores an event of the session itself, of no run (a manual compaction's): in the trace and to webhooks, streamed to no one. */
  emitOutsideRuns(event: SourcedEvent): void {
    this.record(null, event);
  }

  /** Where a subscriber that has the stretch up to now would resume: the run's last stored event, and the stretch's length. */
  private markOf(runId: string, stretch: MergedDelta): string {
    return `${this.lastSeqOfRun.get(runId) ?? 0}.${stretch.delta.length}`;
  }

  /** Stores buffered deltas as one trace event. */
  flush(runId: string): void {
    const pending = this.pendingDeltas.get(runId);
    if (!pending) return;
    this.pendingDeltas.delete(runId);
    this.record(runId, pending);
  }

  /** Stores the event, redacted; `cut` when the trace kept a preview of its output. */
  private record(runId: string | null, event: SourcedEvent): { row: TraceRow & { id: string; json: string }; cut: boolean } {
    const policy = this.policy();
    const kept = outputPreview(event, policy.outputPreviewChars, policy.redact);
    const row = this.store.trace.append(runId, kept ?? policy.redact(event));
    this.lastSeq = row.seq;
    if (runId !== null) this.lastSeqOfRun.set(runId, row.seq);
    // Retention is settled when the session goes idle (pruneTrace); a long run prunes in batches of a tenth.
    if (row.seq - this.prunedThrough > policy.maxEvents + Math.ceil(policy.maxEvents / 10)) this.pruneTrace();
    policy.onStored?.(row);
    return { row, cut: kept !== undefined };
  }

  /** Keeps the newest maxEvents of the trace: one range delete, none while the trace is within it. */
  pruneTrace(): void {
    const through = this.lastSeq - this.policy().maxEvents;
    if (through <= this.prunedThrough) return;
    this.store.trace.pruneThrough(through);
    this.prunedThrough = through;
  }

  /** A replayed event as it went out live: a tool output the trace kept a preview of is read whole from the run's history. */
  private whole(event: SourcedEvent, outputs: () => Map<string, string>): SourcedEvent {
    if (event.type !== "tool.finished" || event.outputChars === undefined) return event;
    const output = outputs().get(event.callId);
    if (output === undefined) return event;
    const { outputChars: _cut, ...rest } = event;
    // As it went out live: redacted (the history keeps the words as written).
    return this.policy().redact({ ...rest, output });
  }

  /**
   * Stored events after `after`, then live ones until the run's stream ends, as `format` (stream-events.ts).
   * `stored: false` says the trace holds none of the run's yet (it was just started), so none are read.
   * `had`: the characters of the stretch of text after `after` the subscriber already has (a live delta's mark).
   */
  subscribe(runId: string, after: number, finished: boolean, format: StreamFormat, stored = true, had = 0): ReadableStream<Uint8Array> {
    let self: Subscriber;
    const encode = rowEncoder(format);
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = { runId, controller, encode, pending: [] };
        let ended = false;
        let outputs: Map<string, string> | undefined;
        const toolResults = () => (outputs ??= this.store.toolResultsOf(runId));
        // What follows `after` first is the stretch of text the mark counted in: it goes without what was had.
        let skip = had;
        const unhad = <E extends SourcedEvent>(event: E): E | undefined => {
          const cut = skip && (event.type === "text.delta" || event.type === "reasoning.delta") ? event.delta.slice(skip) : undefined;
          skip = 0;
          if (cut === undefined) return event;
          return cut ? { ...event, delta: cut } : undefined;
        };
        for (const row of stored ? this.store.trace.read({ runId, after }) : []) {
          const { seq } = row;
          const event = unhad(row.event);
          if (!event || !STREAM_EVENTS.has(event.type)) continue;
          controller.enqueue(encode({ seq, event: this.whole(event, toolResults) }));
          // Only the last event counts: a run resumed after approval.required goes on past it.
          if (!event.agent) ended = TERMINAL_EVENTS.has(event.type);
        }
        const stretch = this.pendingDeltas.get(runId);
        const pending = stretch && unhad(stretch);
        if (pending && !ended) controller.enqueue(encode({ event: pending, mark: this.markOf(runId, stretch) }));
        if (ended || finished) return controller.close();
        let set = this.subscribers.get(runId);
        if (!set) this.subscribers.set(runId, (set = new Set()));
        set.add(self);
      },
      cancel: () => {
        // The client went away; the run goes on.
        this.subscribers.get(runId)?.delete(self);
        this.unsent.delete(self);
      },
    });
  }

  private broadcast(runId: string, row: StreamRow, eventJson?: string): void {
    const set = this.subscribers.get(runId);
    if (!set?.size) return;
    for (const s of set) {
      s.pending.push(s.encode(row, eventJson));
      this.unsent.add(s);
    }
    this.sending ??= setTimeout(() => this.send(), 0);
  }

  /** Sends each subscriber's bytes of the turn as one chunk. */
  private send(): void {
    clearTimeout(this.sending);
    this.sending = undefined;
    for (const s of this.unsent) this.sendTo(s);
  }

  private sendTo(s: Subscriber): void {
    this.unsent.delete(s);
    const chunks = s.pending;
    if (!chunks.length) return;
    s.pending = [];
    let bytes = chunks[0]!;
    if (chunks.length > 1) {
      bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
    }
    try {
      s.controller.enqueue(bytes);
    } catch {
      this.subscribers.get(s.runId)?.delete(s);
    }
  }

  private closeAll(runId: string): void {
    const set = this.subscribers.get(runId);
    this.subscribers.delete(runId);
    this.lastSeqOfRun.delete(runId);
    for (const s of set ?? []) {
      this.sendTo(s);
      try {
        s.controller.close();
      } catch {
        // already closed by the client
      }
    }
  }
}

/** Characters past the preview that are redacted with it, so a secret cut by the preview is still recognised whole. */
const REDACTION_MARGIN = 2048;

/**
 * The event as the trace keeps it, when its tool output is longer than `chars`: a redacted preview, its
 * length noted. Only the preview and a margin are redacted, not the whole output (redaction costs about
 * a millisecond per 10 KB). Undefined when the event is kept whole.
 */
function outputPreview(event: SourcedEvent, chars: number, redact: Redactor): SourcedEvent | undefined {
  if (event.type !== "tool.finished" || event.output.length <= chars) return undefined;
  const head = redact({ ...event, output: event.output.slice(0, chars + REDACTION_MARGIN) });
  if (head.type !== "tool.finished") return undefined;
  // Never split a surrogate pair.
  const kept = head.output.slice(0, chars).replace(/[\ud800-\udbff]$/, "");
  return { ...head, output: `${kept}… [${event.output.length - kept.length} more characters in the run's tool message]`, outputChars: event.output.length };
}
