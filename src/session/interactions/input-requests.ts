// An MCP server's questions to the user (elicitation, form mode), inside the Session Durable Object.
// When a server asks during a tool call, the run pauses (awaiting_input) while its execution goes on
// holding that call: the question gets an input id, a pending row (kind "input") and an
// `input.required` event, and the call awaits the answer. An answer (POST .../inputs/:inputId), expiry
// (INPUT_TTL_MS, as cancel) or the run stopping settles it, and the call proceeds with it. An object
// restarted meanwhile has lost the held call: its questions are settled as lost, and the run recovers
// (run-lifecycle.ts), the interrupted call answered by the replay guard. A run no answer can reach (a
// cron run no one watches, a store: false request whose session goes with its reply) declines at once.
// answer-input.ts is the entry point for channels.
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { newId, now, type SourcedEvent } from "../../agent";
import { toJsonRecord, type JsonRecord } from "../../lib/json";
import { refuse, type Outcome, type Refusal } from "../../lib/outcome";
import { checkElicitContent } from "../../mcp/elicit-content";
import type { SharedTables } from "../../lib/on-demand-tables";
import { InputStore, type InputAction, type InputRow, type InputStatus } from "./input-store";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import type { RunLifecycle } from "../runs/run-lifecycle";

export type { InputAction } from "./input-store";

/** What a client sees of a question a paused run waits on (in the run's `pending`). */
export interface PendingInput {
  kind: "input";
  inputId: string;
  server: string;
  message: string;
  requestedSchema: JsonRecord;
  expiresAt: string;
}

/** A refusal of `invalid_content` names each field's problem in `errors`. */
export type AnswerOutcome =
  | Outcome<
      { inputId: string; runId: string; action: InputAction; pendingInputs: number; seq: number; replayed: boolean },
      "not_found" | "already_answered" | "input_lost" | "idempotency_key_reused"
    >
  | (Refusal<"invalid_content"> & { errors: string[] });

export interface InputRequestsDeps {
  /** The approvals table, which questions share with approvals and client tool calls (schema.ts). */
  tables: SharedTables<"approvals">;
  lifecycle: RunLifecycle;
  /** Emits into the run's stream and trace; returns the trace seq. */
  emit: (runId: string, event: SourcedEvent) => number | undefined;
  /** The run paused for a question: whoever waits for it hears, and the alarm watches the expiry. */
  onPaused: (runId: string) => void;
}

const STATUS_OF: Record<InputAction, Exclude<InputStatus, "pending">> = { accept: "accepted", decline: "declined", cancel: "cancelled" };

/** MCP servers' requests for the user's input: asked, held open while the run waits, answered, expired or lost. */
export class InputRequests {
  private readonly inputs: InputStore;
  /** The held calls, by input id: each resolves its call's answer. Lost when the object restarts. */
  private readonly held = new Map<string, (result: ElicitResult) => void>();

  constructor(private readonly d: InputRequestsDeps) {
    this.inputs = new InputStore(d.tables);
  }

  /**
   * Asks the run's user what `server` wants to know (form mode) and waits for the answer. `noAnswer`: why
   * no answer could come (no one watches the run, or its session goes with its reply), so the question is
   * declined at once, naming no input id. A URL-mode request is declined (not supported).
   */
  async ask(
    runId: string,
    server: string,
    request: ElicitRequest["params"],
    signal: AbortSignal,
    opts: { noAnswer?: string; ttlMs: number },
  ): Promise<ElicitResult> {
    if (opts.noAnswer || request.mode === "url") {
      const why = opts.noAnswer ?? "URL-mode elicitation is not supported";
      this.d.emit(runId, { type: "warning", code: "mcp_input_declined", message: `MCP server ${server} asked for input, declined: ${why}.` });
      return { action: "decline" };
    }
    if (signal.aborted) return { action: "cancel" };
    const expiresAt = Date.now() + opts.ttlMs;
    const row = {
      inputId: newId("inp"),
      runId,
      server,
      message: request.message,
      requestedSchema: toJsonRecord(request.requestedSchema),
      createdAt: now(),
      expiresAt,
    };
    this.inputs.insert(row);
    const answered = new Promise<ElicitResult>((resolve) => this.held.set(row.inputId, resolve));
    this.d.lifecycle.awaitInput(runId);
    const { createdAt: _, ...question } = row;
    this.d.emit(runId, { type: "input.required", ...question, expiresAt: new Date(expiresAt).toISOString() });
    this.d.onPaused(runId);
    const onAbort = () => {
      if (this.held.has(row.inputId)) this.settle(this.inputs.get(row.inputId)!, "withdrawn", "run", { action: "cancel" });
    };
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await answered;
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Answers a question: `accept` with content checked against its form (defaults applied), or
   * `decline` / `cancel`. Invalid content leaves the question open. The same Idempotency-Key with the
   * same request gets the first outcome again.
   */
  answer(inputId: string, action: InputAction, content: Record<string, unknown> | undefined, by: string, idempotencyKey?: IdempotencyKey): AnswerOutcome {
    const row = this.inputs.get(inputId);
    if (!row) return refuse("not_found", `input ${inputId} not found`);
    if (row.status !== "pending") return this.repeatOf(row, idempotencyKey);
    const resolve = this.held.get(inputId);
    if (!resolve) {
      this.recoverLost();
      return refuse("input_lost", `input ${inputId} can no longer be answered: the session restarted while ${row.server} waited, which ended its request.`);
    }
    let result: ElicitResult = { action };
    if (action === "accept") {
      const checked = checkElicitContent(row.requestedSchema, content ?? {});
      if (!checked.ok) return { ...refuse("invalid_content", `The answer does not fit the form:\n${checked.errors.join("\n")}`), errors: checked.errors };
      result = { action, content: checked.content };
    }
    const seq = this.settle(row, STATUS_OF[action], by, result, idempotencyKey);
    return { ok: true, inputId, runId: row.runId, action, pendingInputs: this.inputs.pending(row.runId).length, seq, replayed: false };
  }

  /** Cancels the questions whose time is up (the server hears "cancel"). */
  expire(nowMs: number): void {
    for (const row of this.inputs.due(nowMs)) if (this.held.has(row.inputId)) this.settle(row, "expired", "expiry", { action: "cancel" });
    this.recoverLost();
  }

  /**
   * Questions whose held call this object no longer has (it restarted): settled as lost, with a warning
   * that says so; their runs proceed and recover, the interrupted call answered by the replay guard.
   */
  recoverLost(): void {
    for (const row of this.inputs.pending().filter((r) => !this.held.has(r.inputId))) {
      if (!this.inputs.settle(row.inputId, "lost", "restart")) continue;
      this.d.emit(row.runId, { type: "input.answered", inputId: row.inputId, server: row.server, action: "cancel", by: "restart" });
      this.d.emit(row.runId, {
        type: "warning",
        code: "mcp_input_lost",
        message: `The session restarted while MCP server ${row.server} waited for an answer (input ${row.inputId}); that request is lost and its tool call was not completed.`,
      });
      if (!this.inputs.pending(row.runId).length) this.d.lifecycle.proceed(row.runId);
    }
  }

  /** The questions a paused run waits on. */
  pending(runId: string): PendingInput[] {
    return this.inputs.pending(runId).map((r) => ({
      kind: "input",
      inputId: r.inputId,
      server: r.server,
      message: r.message,
      requestedSchema: r.requestedSchema,
      expiresAt: new Date(r.expiresAt).toISOString(),
    }));
  }

  /** An answer to a settled question: the first outcome again for a retry with its Idempotency-Key, else a conflict. */
  private repeatOf(row: InputRow, key: IdempotencyKey | undefined): AnswerOutcome {
    const first = row.answer;
    if (key && first?.idempotencyKey?.key === key.key) {
      if (first.idempotencyKey.fingerprint !== key.fingerprint)
        return refuse("idempotency_key_reused", "This Idempotency-Key was used for a different answer.");
      return {
        ok: true,
        inputId: row.inputId,
        runId: row.runId,
        action: first.action,
        pendingInputs: this.inputs.pending(row.runId).length,
        seq: first.seq,
        replayed: true,
      };
    }
    return refuse("already_answered", `input ${row.inputId} was already settled (${row.status})`);
  }

  /** Settles a pending question and hands its held call the result; the run proceeds once none is left. The answer's trace seq. */
  private settle(row: InputRow, status: Exclude<InputStatus, "pending">, by: string, result: ElicitResult, idempotencyKey?: IdempotencyKey): number {
    const seq = this.d.emit(row.runId, { type: "input.answered", inputId: row.inputId, server: row.server, action: result.action, by }) ?? 0;
    this.inputs.settle(row.inputId, status, by, { action: result.action, seq, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (!this.inputs.pending(row.runId).length) this.d.lifecycle.proceed(row.runId);
    const resolve = this.held.get(row.inputId);
    this.held.delete(row.inputId);
    resolve?.(result);
    return seq;
  }
}
