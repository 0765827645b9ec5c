// A run's events as the AI SDK's UI message stream (protocol v1): SSE `data:` lines of UIMessageChunk
// JSON, ending with `[DONE]`. One reply is one step (start-step … finish-step), so a resumed run's reply
// continues the message in a step of its own, as useChat expects. Text between tool calls is one text part
// each; the agent's own tool calls are dynamic tool parts marked providerExecuted (input, then output or
// error), so useChat never takes them for its own; a call of the page's own tool (ui-client-tools.ts) is a
// static `tool-<name>` part left at input-available, for useChat's onToolCall; approvals are the SDK's
// tool-approval-request on that part plus a data-approval part; todos and saved lessons are data parts
// that update in place.
import type { SourcedEvent } from "../agent";
import { decodeStreamRows, type StreamRow } from "../session/trace/stream-events";
import { SSE_HEADERS } from "../http-kit/sse";
import { wireCallId } from "./client-tools";
import { codedReasonText, type FailureWords } from "../platforms/run-notice-phrases";

export const UI_MESSAGE_STREAM_HEADERS = { ...SSE_HEADERS, "x-vercel-ai-ui-message-stream": "v1" };

type Chunk = { type: string } & Record<string, unknown>;

const FINISH_REASON: Record<string, string> = { completed: "stop", max_steps: "length", awaiting_approval: "tool-calls", awaiting_input: "tool-calls" };

/** The message a reply streams, and its run: the ids of the page's tool calls name the session and run (client-tools.ts). */
export interface UIReply {
  messageId: string;
  sessionId: string;
  runId: string;
  /** Tool calls the client already shows (a resumed run's approved calls). */
  announced?: ReadonlySet<string>;
  /** Why a run fails, in the person's language: its notices (a RunNoticePhrases) and errorCode for a code without one; none: the server's own words. */
  said?: FailureWords;
}

/** Where a message's last step begins (after its last step-start part): what a page sends back about its latest reply. */
export const lastStepStart = (parts: ReadonlyArray<{ type: string }>): number => parts.findLastIndex((p) => p.type === "step-start") + 1;

/** Emits one run's chunks: `start` at once, then `row` for each of its rows, then `end`. */
function uiChunker({ messageId, sessionId, runId, announced = new Set(), said }: UIReply, emit: (chunk: Chunk) => void) {
  const shown = new Set(announced);
  let open: { kind: "text" | "reasoning"; id: string } | undefined;
  let parts = 0;
  let finished = false;
  let waiting = false;
  let cut = false;
  const close = () => {
    if (open) emit({ type: `${open.kind}-end`, id: open.id });
    open = undefined;
  };
  const delta = (kind: "text" | "reasoning", text: string) => {
    if (open?.kind !== kind) {
      close();
      open = { kind, id: `${messageId}-${kind}-${++parts}` };
      emit({ type: `${kind}-start`, id: open.id });
    }
    emit({ type: `${kind}-delta`, id: open.id, delta: text });
  };
  const announce = (callId: string, name: string, args: unknown) => {
    if (shown.has(callId)) return;
    shown.add(callId);
    emit({ type: "tool-input-available", toolCallId: callId, toolName: name, input: args ?? {}, dynamic: true, providerExecuted: true });
  };
  /** A call for the page to run: useChat calls onToolCall at tool-input-available. Arguments that are not JSON are the call's error. */
  const handOver = (call: { callId: string; name: string; args: string }) => {
    const toolCallId = wireCallId({ sessionId, runId, callId: call.callId });
    emit({ type: "tool-input-start", toolCallId, toolName: call.name });
    let input: unknown;
    try {
      input = JSON.parse(call.args);
    } catch {
      return emit({
        type: "tool-input-error",
        toolCallId,
        toolName: call.name,
        input: call.args,
        errorText: `The model's arguments for ${call.name} are not valid JSON.`,
      });
    }
    emit({ type: "tool-input-available", toolCallId, toolName: call.name, input });
  };
  const finish = (...last: Chunk[]) => {
    close();
    finished = true;
    emit({ type: "finish-step" });
    for (const chunk of last) emit(chunk);
  };

  emit({ type: "start", messageId });
  emit({ type: "start-step" });
  return {
    row({ event }: StreamRow): void {
      const e: SourcedEvent = event;
      // A subagent's words and tools are its own; the parent's answer reports them.
      if (e.agent) return;
      switch (e.type) {
        case "text.delta":
          return delta("text", e.delta);
        case "reasoning.delta":
          return delta("reasoning", e.delta);
        case "tool.started":
          close();
          return announce(e.callId, e.name, e.args);
        case "tool.finished":
          if (e.status === "error")
            return emit({ type: "tool-output-error", toolCallId: e.callId, errorText: e.output, dynamic: true, providerExecuted: true });
          return emit({ type: "tool-output-available", toolCallId: e.callId, output: e.output, dynamic: true, providerExecuted: true });
        case "todo.updated":
          return emit({ type: "data-todos", id: "todos", data: { todos: e.todos } });
        // The answer was cut at an output limit: the reply finishes with "length", as the AI SDK's own would. Every
        // warning is a data part too, for the page to show (its code says which: docs/api.md).
        case "warning":
          cut ||= e.code === "output_truncated";
          return emit({ type: "data-warning", data: { code: e.code, message: e.message, ...(e.server ? { server: e.server } : {}) } });
        // The person must open the link for the run to use that server (next time): the page shows it.
        case "mcp.authorization_required":
          return emit({ type: "data-authorization", id: e.server, data: { server: e.server, authorizationUrl: e.authorizationUrl } });
        case "document.saved":
          return emit({
            type: "data-lesson",
            id: e.key,
            data: { key: e.key, link: e.link, title: e.title, status: e.status, findings: e.findings, findingCodes: e.findingCodes },
          });
        case "approval.required":
          close();
          announce(e.callId, e.name, e.args);
          waiting = true;
          emit({ type: "tool-approval-request", approvalId: e.approvalId, toolCallId: e.callId });
          return emit({
            type: "data-approval",
            id: e.approvalId,
            data: { approvalId: e.approvalId, callId: e.callId, name: e.name, args: e.args, expiresAt: e.expiresAt },
          });
        case "input.required":
          waiting = true;
          return emit({
            type: "data-input",
            id: e.inputId,
            data: { inputId: e.inputId, server: e.server, message: e.message, requestedSchema: e.requestedSchema },
          });
        case "client_tools.required":
          close();
          for (const call of e.calls) handOver(call);
          waiting = true;
          return;
        case "run.completed":
          return finish({
            type: "finish",
            finishReason: cut && e.status === "completed" ? "length" : (FINISH_REASON[e.status] ?? "other"),
            messageMetadata: { runId: e.runId, status: e.status, steps: e.steps, usage: e.usage },
          });
        case "run.failed":
          return finish(
            // The code stays, for a client to tell the errors apart.
            { type: "error", errorText: said ? codedReasonText(e.error, said) : `${e.error.message} (${e.error.code})` },
            { type: "finish", finishReason: "error", messageMetadata: { runId: e.runId, status: "failed" } },
          );
        default:
          return;
      }
    },
    // The stream also ends when the run waits for a person (approval, input) or for the page's tools: the message is finished for now.
    end(): void {
      if (!finished) finish({ type: "finish", finishReason: waiting ? "tool-calls" : "other" });
    },
  };
}

const encoder = new TextEncoder();
const frame = (chunk: Chunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const DONE = "data: [DONE]\n\n";

/** The run's NDJSON events as a UI message stream response body. */
export function uiMessageStream(events: ReadableStream<Uint8Array>, reply: UIReply): ReadableStream<Uint8Array> {
  // Made in start(), which runs before any row: it emits through the stream's controller.
  let chunker: ReturnType<typeof uiChunker>;
  return events.pipeThrough(decodeStreamRows()).pipeThrough(
    new TransformStream<StreamRow, Uint8Array>({
      start: (controller) => void (chunker = uiChunker(reply, (chunk) => controller.enqueue(encoder.encode(frame(chunk))))),
      transform: (row) => chunker.row(row),
      flush: (controller) => {
        chunker.end();
        controller.enqueue(encoder.encode(DONE));
      },
    }),
  );
}

/** The UI message stream of a followed run (turn-run.ts followedStream), frame by frame. */
export const uiMessageFrames =
  (reply: UIReply) =>
  async (rows: AsyncIterable<StreamRow>, send: (frame: string) => void): Promise<void> => {
    const chunker = uiChunker(reply, (chunk) => send(frame(chunk)));
    for await (const row of rows) chunker.row(row);
    chunker.end();
    send(DONE);
  };
