// A run's events as a Responses API response: the agent's words become `message` output items, its model's
// reasoning `reasoning` items (when the request asked for a summary), and its tool calls `mcp_call` items
// (server-side tools, which clients show but never execute: see docs/openai-compatible.md). The same assembler feeds the semantic stream events, the non-streaming
// answer and GET /v1/responses/:id, so all three agree item for item.
import type OpenAI from "openai";
import type { ResponseFormat, RunStatus, Sampling, Usage } from "../../agent";
import type { RunView } from "../../session/runs/run-views";
import type { StreamRow } from "../../session/trace/stream-events";
import { publicRunError } from "../openai-errors";
import { MODEL_ID } from "../chat-wire";
import { wireCallId } from "../client-tools";
import { describeFields, questionFrame } from "../progress-lines";
import { messageItemId, type ResponseRef } from "./response-id";

/** One semantic stream event (OpenAI.Responses.ResponseStreamEvent, with our response object). */
export interface ResponseStreamEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}
type OutputItem = OpenAI.Responses.ResponseOutputItem;
type MessageItem = OpenAI.Responses.ResponseOutputMessage;
type ReasoningItem = OpenAI.Responses.ResponseReasoningItem;
type McpCallItem = OpenAI.Responses.ResponseOutputItem.McpCall;

/** The label our tool calls carry as `server_label`. */
export const SERVER_LABEL = "study-agent";

export interface ResponseMeta {
  id: string;
  /** The response `id` names: its message items' ids name it too. */
  ref: ResponseRef;
  createdAt: number;
  instructions: string | null;
  previousResponseId: string | null;
  conversation: string | null;
  metadata: Record<string, string>;
  background: boolean;
  /** `store` as the request sent it. */
  store: boolean;
  /** The request's text.format when it asked for JSON; echoed as the response's. */
  format?: ResponseFormat;
  /** The request's tool and output fields (response-echo.ts, docs/openai-compatible.md#the-responses-api). */
  echo: RequestEcho;
  /** The request's sampling (temperature, top_p, reasoning.effort, text.verbosity, safety_identifier, …), as the run's model calls take them. */
  sampling?: Sampling;
}

/** Request fields a response object repeats: what the client asked for, or the API's default when it did not say. */
export interface RequestEcho {
  tools: unknown[];
  toolChoice: unknown;
  parallelToolCalls: boolean;
  truncation: "auto" | "disabled";
  maxOutputTokens: number | null;
}

export class ResponseAssembler {
  readonly output: OutputItem[] = [];
  private sequence = 0;
  private openMessage: { index: number; item: MessageItem } | undefined;
  private openReasoning: { index: number; item: ReasoningItem } | undefined;
  /** Output index of each tool call, by call id. */
  private readonly calls = new Map<string, number>();
  /** The agent's answer was cut at an output limit (the loop's `output_truncated` warning): the response is incomplete. */
  private cutAtCap = false;

  constructor(private readonly meta: ResponseMeta) {}

  /** response.created and response.in_progress. */
  start(): ResponseStreamEvent[] {
    const response = this.snapshot("in_progress");
    return [this.event({ type: "response.created", response }), this.event({ type: "response.in_progress", response })];
  }

  /** The stream events one run event turns into (none for what a Responses client has no place for). */
  push({ event: e }: StreamRow): ResponseStreamEvent[] {
    // Subagents report to their parent; their words and calls are not the response.
    if (e.agent) return [];
    if (e.type === "warning" && e.code === "output_truncated") this.cutAtCap = true;
    if (e.type === "text.delta" && e.delta) return this.text(e.delta);
    if (e.type === "reasoning.delta" && e.delta && this.meta.sampling?.reasoning_summary) return this.reasoning(e.delta);
    if (e.type === "tool.started") return this.toolStarted(e.callId, e.name, e.args);
    if (e.type === "tool.finished") return this.toolFinished(e.callId, e.status, e.output);
    if (e.type === "approval.required") {
      const item: OpenAI.Responses.ResponseOutputItem.McpApprovalRequest = {
        type: "mcp_approval_request",
        id: e.approvalId,
        name: e.name,
        arguments: JSON.stringify(e.args ?? {}),
        server_label: SERVER_LABEL,
      };
      return [
        ...this.closeOpenItem(),
        ...this.add(item),
        this.event({ type: "response.output_item.done", output_index: this.output.length - 1, item: structuredClone(item) }),
      ];
    }
    // No OpenAI item asks a person a question: a message of its own says what is asked and where the answer goes.
    if (e.type === "input.required") return [...this.closeOpenItem(), ...this.text(this.question(e), "commentary"), ...this.closeOpenItem()];
    if (e.type === "client_tools.required") return [...this.closeOpenItem(), ...e.calls.flatMap((c) => this.functionCall(c.callId, c.name, c.args))];
    return [];
  }

  /** The terminal events for the run's outcome: the last message closed, then completed, incomplete or failed. */
  finish(run: RunView): ResponseStreamEvent[] {
    const closing = this.closeOpenItem();
    const response = this.final(run);
    const type = response.status === "failed" ? "response.failed" : response.status === "completed" ? "response.completed" : "response.incomplete";
    return [...closing, this.event({ type, response })];
  }

  /** The whole response as the run left it. */
  final(run: RunView) {
    this.closeOpenItem();
    const cut = this.cutAtCap && run.status === "completed";
    const status = cut ? "incomplete" : responseStatus(run.status);
    return this.response({
      status,
      usage: run.usage,
      error: run.status === "failed" ? { type: "server_error", ...publicRunError(run.error), param: null } : null,
      incompleteReason: status === "incomplete" ? (cut || run.status === "max_steps" ? "max_output_tokens" : run.status) : null,
      completedAt: run.finishedAt ? Math.floor(Date.parse(run.finishedAt) / 1000) : null,
    });
  }

  /** The response so far, with this status (created, queued, in progress). */
  snapshot(status: OpenAI.Responses.ResponseStatus) {
    return this.response({ status });
  }

  private response(s: {
    status: OpenAI.Responses.ResponseStatus;
    usage?: Usage;
    error?: { type: string; code: string; message: string; param: null } | null;
    incompleteReason?: string | null;
    completedAt?: number | null;
  }) {
    return {
      id: this.meta.id,
      object: "response" as const,
      created_at: this.meta.createdAt,
      status: s.status,
      background: this.meta.background,
      completed_at: s.completedAt ?? null,
      error: s.error ?? null,
      incomplete_details: s.incompleteReason ? { reason: s.incompleteReason } : null,
      instructions: this.meta.instructions,
      max_output_tokens: this.meta.echo.maxOutputTokens,
      model: MODEL_ID,
      output: structuredClone(this.output),
      parallel_tool_calls: this.meta.echo.parallelToolCalls,
      previous_response_id: this.meta.previousResponseId,
      conversation: this.meta.conversation ? { id: this.meta.conversation } : null,
      reasoning: { effort: this.meta.sampling?.reasoning_effort ?? null, summary: this.meta.sampling?.reasoning_summary ?? null },
      store: this.meta.store,
      temperature: this.meta.sampling?.temperature ?? null,
      text: { format: this.meta.format ?? { type: "text" as const }, ...(this.meta.sampling?.verbosity ? { verbosity: this.meta.sampling.verbosity } : {}) },
      tool_choice: this.meta.echo.toolChoice,
      tools: this.meta.echo.tools,
      top_p: this.meta.sampling?.top_p ?? null,
      ...(this.meta.sampling?.safety_identifier ? { safety_identifier: this.meta.sampling.safety_identifier } : {}),
      truncation: this.meta.echo.truncation,
      usage: s.usage ? responseUsage(s.usage) : null,
      metadata: this.meta.metadata,
    };
  }

  /** `phase`: commentary marks a message that is not the model's answer (the `openai` client's parse passes it over). */
  private text(delta: string, phase?: "commentary"): ResponseStreamEvent[] {
    const events: ResponseStreamEvent[] = [];
    if (!this.openMessage) {
      events.push(...this.closeOpenItem());
      const item: MessageItem = {
        type: "message",
        id: messageItemId(this.meta.ref, this.output.length),
        role: "assistant",
        status: "in_progress",
        content: [],
        ...(phase ? { phase } : {}),
      };
      events.push(...this.add(item));
      this.openMessage = { index: this.output.length - 1, item };
      const part = { type: "output_text" as const, text: "", annotations: [], logprobs: [] };
      item.content.push(part);
      // A copy: the part grows with every delta, and an event says what it was when it happened.
      events.push(
        this.event({
          type: "response.content_part.added",
          item_id: item.id,
          output_index: this.openMessage.index,
          content_index: 0,
          part: structuredClone(part),
        }),
      );
    }
    const { index, item } = this.openMessage;
    (item.content[0] as OpenAI.Responses.ResponseOutputText).text += delta;
    events.push(this.event({ type: "response.output_text.delta", item_id: item.id, output_index: index, content_index: 0, delta, logprobs: [] }));
    return events;
  }

  /** An MCP server's question in its own words, its form's fields, and the route its answer is posted to (docs/openai-compatible.md). */
  private question(e: { server: string; message: string; inputId: string; requestedSchema: unknown }): string {
    const fields = describeFields(e.requestedSchema);
    const route = `/v1/sessions/${this.meta.ref.sessionId}/inputs/${e.inputId}`;
    return `⏸️ ${questionFrame(e.server, e.message)}${fields ? `\n📝 ${fields}` : ""}\n→ POST ${route}`;
  }

  /** The model's reasoning as a summary: one `summary_text` part a model call, in its own item. */
  private reasoning(delta: string): ResponseStreamEvent[] {
    const events: ResponseStreamEvent[] = [];
    if (!this.openReasoning) {
      const item: ReasoningItem = { type: "reasoning", id: `rs_${this.meta.ref.runId}_${this.output.length}`, summary: [] };
      events.push(...this.closeOpenItem(), ...this.add(item));
      this.openReasoning = { index: this.output.length - 1, item };
      const part = { type: "summary_text" as const, text: "" };
      item.summary.push(part);
      events.push(
        this.event({
          type: "response.reasoning_summary_part.added",
          item_id: item.id,
          output_index: this.openReasoning.index,
          summary_index: 0,
          part: { ...part },
        }),
      );
    }
    const { index, item } = this.openReasoning;
    item.summary[0]!.text += delta;
    events.push(this.event({ type: "response.reasoning_summary_text.delta", item_id: item.id, output_index: index, summary_index: 0, delta }));
    return events;
  }

  private closeReasoning(): ResponseStreamEvent[] {
    if (!this.openReasoning) return [];
    const { index, item } = this.openReasoning;
    this.openReasoning = undefined;
    const part = item.summary[0]!;
    return [
      this.event({ type: "response.reasoning_summary_text.done", item_id: item.id, output_index: index, summary_index: 0, text: part.text }),
      this.event({ type: "response.reasoning_summary_part.done", item_id: item.id, output_index: index, summary_index: 0, part: { ...part } }),
      this.event({ type: "response.output_item.done", output_index: index, item: structuredClone(item) }),
    ];
  }

  /** Closes the open message or reasoning item (one at most is open): whatever comes next is another item. */
  private closeOpenItem(): ResponseStreamEvent[] {
    if (this.openReasoning) return this.closeReasoning();
    if (!this.openMessage) return [];
    const { index, item } = this.openMessage;
    this.openMessage = undefined;
    item.status = "completed";
    const part = item.content[0] as OpenAI.Responses.ResponseOutputText;
    return [
      this.event({ type: "response.output_text.done", item_id: item.id, output_index: index, content_index: 0, text: part.text, logprobs: [] }),
      this.event({ type: "response.content_part.done", item_id: item.id, output_index: index, content_index: 0, part: structuredClone(part) }),
      this.event({ type: "response.output_item.done", output_index: index, item: structuredClone(item) }),
    ];
  }

  private toolStarted(callId: string, name: string, args: unknown): ResponseStreamEvent[] {
    const item: McpCallItem = {
      type: "mcp_call",
      id: `mcp_${callId}`,
      name,
      arguments: JSON.stringify(args ?? {}),
      server_label: SERVER_LABEL,
      status: "in_progress",
      output: null,
      error: null,
    };
    const events = [...this.closeOpenItem(), ...this.add(item)];
    this.calls.set(callId, this.output.length - 1);
    return [...events, this.event({ type: "response.mcp_call.in_progress", item_id: item.id, output_index: this.output.length - 1 })];
  }

  private toolFinished(callId: string, status: string, output: string): ResponseStreamEvent[] {
    const index = this.calls.get(callId);
    if (index === undefined) return [];
    const item = this.output[index] as McpCallItem;
    const failed = status === "error";
    item.status = failed ? "failed" : "completed";
    if (failed) item.error = { type: "mcp_tool_execution_error", content: [{ type: "text", text: output }] };
    else item.output = output;
    return [
      this.event({ type: failed ? "response.mcp_call.failed" : "response.mcp_call.completed", item_id: item.id, output_index: index }),
      this.event({ type: "response.output_item.done", output_index: index, item: structuredClone(item) }),
    ];
  }

  /** A call of one of the client's tools, for the client to run (answered with a function_call_output). */
  private functionCall(callId: string, name: string, args: string): ResponseStreamEvent[] {
    const item: OpenAI.Responses.ResponseFunctionToolCall = {
      type: "function_call",
      id: `fc_${callId}`,
      call_id: wireCallId({ sessionId: this.meta.ref.sessionId, runId: this.meta.ref.runId, callId }),
      name,
      arguments: "",
      status: "in_progress",
    };
    const events = this.add(item);
    const index = this.output.length - 1;
    item.arguments = args;
    item.status = "completed";
    return [
      ...events,
      this.event({ type: "response.function_call_arguments.delta", item_id: item.id, output_index: index, delta: args }),
      this.event({ type: "response.function_call_arguments.done", item_id: item.id, output_index: index, name, arguments: args }),
      this.event({ type: "response.output_item.done", output_index: index, item: structuredClone(item) }),
    ];
  }

  private add(item: OutputItem): ResponseStreamEvent[] {
    this.output.push(item);
    return [this.event({ type: "response.output_item.added", output_index: this.output.length - 1, item: structuredClone(item) })];
  }

  private event(e: { type: string; [field: string]: unknown }): ResponseStreamEvent {
    return { ...e, sequence_number: this.sequence++ };
  }
}

/** A run's status as a response's: a run that stopped short (step limit, waiting for a person) is incomplete. */
export function responseStatus(status: RunStatus): OpenAI.Responses.ResponseStatus {
  switch (status) {
    case "queued":
      return "queued";
    case "running":
      return "in_progress";
    case "completed":
    case "failed":
    case "cancelled":
      return status;
    // As OpenAI's: a response whose function calls wait for the client is completed.
    case "awaiting_client_tools":
      return "completed";
    case "max_steps":
    case "awaiting_approval":
    case "awaiting_input":
      return "incomplete";
  }
}

export const responseUsage = (u: Usage): OpenAI.Responses.ResponseUsage =>
  ({
    input_tokens: u.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.totalTokens,
  }) as OpenAI.Responses.ResponseUsage;
