// A run's events as the AI SDK's UI message stream (protocol v1): SSE `data:` lines of UIMessageChunk
// JSON, ending with `[DONE]`. Text between tool calls is one text part each; every tool call is a
// dynamic tool part (input, then output or error); approvals are the SDK's tool-approval-request on
// that part plus a data-approval part; todos and saved lessons are data parts that update in place.
import type { SourcedEvent } from "../agent";
import { decodeStreamRows, type StreamRow } from "../session/trace/stream-events";
import { SSE_HEADERS } from "../http-kit/sse";

export const UI_MESSAGE_STREAM_HEADERS = { ...SSE_HEADERS, "x-vercel-ai-ui-message-stream": "v1" };

type Chunk = { type: string } & Record<string, unknown>;

const FINISH_REASON: Record<string, string> = { completed: "stop", max_steps: "length", awaiting_approval: "tool-calls", awaiting_input: "tool-calls" };

/** Turns one run's events into chunks; `announced` holds tool calls the client already shows (a resumed run's approved calls). */
export function uiChunks(messageId: string, announced: ReadonlySet<string> = new Set()): TransformStream<StreamRow, Chunk> {
  const shown = new Set(announced);
  let open: { kind: "text" | "reasoning"; id: string } | undefined;
  let parts = 0;
  let finished = false;
  let waiting = false;
  const close = (controller: TransformStreamDefaultController<Chunk>) => {
    if (open) controller.enqueue({ type: `${open.kind}-end`, id: open.id });
    open = undefined;
  };
  const delta = (controller: TransformStreamDefaultController<Chunk>, kind: "text" | "reasoning", text: string) => {
    if (open?.kind !== kind) {
      close(controller);
      open = { kind, id: `${messageId}-${kind}-${++parts}` };
      controller.enqueue({ type: `${kind}-start`, id: open.id });
    }
    controller.enqueue({ type: `${kind}-delta`, id: open.id, delta: text });
  };
  const announce = (controller: TransformStreamDefaultController<Chunk>, callId: string, name: string, args: unknown) => {
    if (shown.has(callId)) return;
    shown.add(callId);
    controller.enqueue({ type: "tool-input-available", toolCallId: callId, toolName: name, input: args ?? {}, dynamic: true });
  };

  return new TransformStream<StreamRow, Chunk>({
    start(controller) {
      controller.enqueue({ type: "start", messageId });
    },
    transform({ event }, controller) {
      const e: SourcedEvent = event;
      // A subagent's words and tools are its own; the parent's answer reports them.
      if (e.agent) return;
      switch (e.type) {
        case "text.delta":
          return delta(controller, "text", e.delta);
        case "reasoning.delta":
          return delta(controller, "reasoning", e.delta);
        case "tool.started":
          close(controller);
          return announce(controller, e.callId, e.name, e.args);
        case "tool.finished":
          if (e.status === "error") return controller.enqueue({ type: "tool-output-error", toolCallId: e.callId, errorText: e.output, dynamic: true });
          return controller.enqueue({ type: "tool-output-available", toolCallId: e.callId, output: e.output, dynamic: true });
        case "todo.updated":
          return controller.enqueue({ type: "data-todos", id: "todos", data: { todos: e.todos } });
        case "document.saved":
          return controller.enqueue({
            type: "data-lesson",
            id: e.key,
            data: { key: e.key, link: e.link, title: e.title, status: e.status, findings: e.findings },
          });
        case "approval.required":
          close(controller);
          announce(controller, e.callId, e.name, e.args);
          waiting = true;
          controller.enqueue({ type: "tool-approval-request", approvalId: e.approvalId, toolCallId: e.callId });
          return controller.enqueue({
            type: "data-approval",
            id: e.approvalId,
            data: { approvalId: e.approvalId, callId: e.callId, name: e.name, args: e.args, expiresAt: e.expiresAt },
          });
        case "input.required":
          waiting = true;
          return controller.enqueue({
            type: "data-input",
            id: e.inputId,
            data: { inputId: e.inputId, server: e.server, message: e.message, requestedSchema: e.requestedSchema },
          });
        case "run.completed":
          close(controller);
          finished = true;
          return controller.enqueue({
            type: "finish",
            finishReason: FINISH_REASON[e.status] ?? "other",
            messageMetadata: { runId: e.runId, status: e.status, steps: e.steps, usage: e.usage },
          });
        case "run.failed":
          close(controller);
          finished = true;
          controller.enqueue({ type: "error", errorText: `${e.error.message} (${e.error.code})` });
          return controller.enqueue({ type: "finish", finishReason: "error", messageMetadata: { runId: e.runId, status: "failed" } });
        default:
          return;
      }
    },
    // The stream also ends when the run waits for a person (approval, input): the message is finished for now.
    flush(controller) {
      close(controller);
      if (!finished) controller.enqueue({ type: "finish", finishReason: waiting ? "tool-calls" : "other" });
    },
  });
}

const encoder = new TextEncoder();

/** The run's NDJSON events as a UI message stream response body. */
export function uiMessageStream(events: ReadableStream<Uint8Array>, messageId: string, announced?: ReadonlySet<string>): ReadableStream<Uint8Array> {
  return events
    .pipeThrough(decodeStreamRows())
    .pipeThrough(uiChunks(messageId, announced))
    .pipeThrough(
      new TransformStream<Chunk, Uint8Array>({
        transform: (chunk, controller) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`)),
        flush: (controller) => controller.enqueue(encoder.encode("data: [DONE]\n\n")),
      }),
    );
}
