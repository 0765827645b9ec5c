// The Session Durable Object: one per session, the single writer of its history, runs and trace.
// Its methods are the session's RPC surface; runs execute in run-executor.ts, one at a time in the
// order they were started, and a watchdog alarm resumes a run the object lost to a restart.
import { DurableObject } from "cloudflare:workers";
import { type Message, newId } from "../agent";
import { refuse, type Outcome } from "../lib/outcome";
import { mayAccess, type Tenant } from "../lib/tenant";
import { reservedIdMessage, reservedKind } from "../lib/derived-ids";
import { migrate } from "../lib/schema-migrations";
import type { Env } from "../env";
import { compactSession, keyedCompaction, type CompactResult } from "./runs/compact-session";
import type { DecideOptions, DecideOutcome, Decision } from "./interactions/approval-requests";
import type { AnswerOutcome, InputAction } from "./interactions/input-requests";
import type { ClientResultsOutcome, ClientToolResult } from "./interactions/client-tool-calls";
import type { IdempotencyKey } from "../lib/idempotency-key";
import { isUnfinished } from "./runs/run-lifecycle";
import { type MessagePage, sessionViewJson, type RunView, type StartedRun } from "./runs/run-views";
import type { StartRefusal } from "./runs/start-run";
import { RunWaiters } from "./runs/run-waiters";
import type { DedupeLimits, RunDedupe } from "./runs/request-dedupe";
import { SESSION_BASELINE, SESSION_MIGRATIONS } from "./schema";
import { SessionLife } from "./session-life";
import { SessionUpkeep } from "./session-upkeep";
import { resumedOptions, type AnswerSettings, type ClientTools, type RunOptions, type RunRow } from "./runs/run-row";
import type { SessionState } from "./session-store";
import { sessionObjectSettings, type SessionConfig } from "./settings";
import { traceEventView, type StreamFormat, type TraceEventView } from "./trace/stream-events";

const SESSION_DELETED = { code: "session_deleted", message: "The session was deleted while this run was under way." };

const notLatest = (runId: string | null) =>
  refuse(
    "not_latest",
    runId === null ? "The session has a run now: another run started first." : `run ${runId} is no longer the latest of its session: another run followed it.`,
  );

export class SessionObject extends DurableObject<Env> {
  private readonly waiters = new RunWaiters();
  /** The storage's current life (session-life.ts): its stores and run executor; a wipe ends it and opens the next. */
  private life: SessionLife;
  /** The line of runs and the alarm (session-upkeep.ts). */
  private readonly upkeep = new SessionUpkeep({
    storage: this.ctx.storage,
    life: () => this.life,
    config: () => this.config(),
    destroy: () => this.destroy(),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.life = this.openLife(migrate(ctx.storage, SESSION_MIGRATIONS, SESSION_BASELINE));
  }

  /** `fresh`: migrate laid the schema on an empty storage. */
  private openLife(fresh: boolean): SessionLife {
    return new SessionLife({
      env: () => this.env,
      sql: this.ctx.storage.sql,
      fresh,
      config: () => this.config(),
      waiters: this.waiters,
      armWatchdog: () => this.upkeep.armWatchdog(),
      // Nothing can be due sooner than now: the watchdog's look-ups are left to the alarm, which re-arms it.
      continueInFreshInvocation: () => this.ctx.storage.setAlarm(Date.now()),
      waitUntil: (work: Promise<unknown>) => this.ctx.waitUntil(work),
    });
  }

  // ---- sessions

  /**
   * Creates the session, optionally with a conversation so far (a client that keeps its own history). Nothing is created if the id
   * has a derived id's shape (src/lib/derived-ids.ts) and the caller did not derive it (`derived`), or if the session exists:
   * "exists_as_asked" when it has this owner and metadata (a repeated create: POST /v1/sessions answers it as the first), else "not_created".
   */
  async create(
    id: string,
    metadata: Record<string, unknown> = {},
    history: readonly Message[] = [],
    tenant: Tenant = null,
    derived = false,
    state?: SessionState,
  ): Promise<"created" | "exists_as_asked" | "not_created"> {
    const store = this.life.store;
    if (!derived && reservedKind(id)) return "not_created";
    if (store.exists()) return store.tenant() === tenant && store.getMeta("metadata") === JSON.stringify(metadata) ? "exists_as_asked" : "not_created";
    store.create(id, metadata, tenant);
    for (const m of history) store.appendMessage(m, null);
    if (state) store.restoreState(state);
    return "created";
  }

  /**
   * The first `count` messages of the history and the server-side state that goes with them (a fork of the
   * conversation starts from it: docs/openai-compatible.md#front-ends-conversations); null if there is no session.
   */
  async conversationPrefix(count: number): Promise<{ messages: Message[]; state: SessionState } | null> {
    if (!this.life.store.exists()) return null;
    const messages = this.life.store.messages({ limit: count }).map(({ seq: _seq, ...m }) => m as Message);
    return { messages, state: this.life.store.stateOf(messages) };
  }

  /** How many messages the history holds through the run's last one (where a fork after that run cuts); null without any. */
  async messagesThrough(runId: string): Promise<number | null> {
    return this.life.store.exists() ? this.life.store.messagesThrough(runId) : null;
  }

  async exists(): Promise<boolean> {
    return this.life.store.exists();
  }

  /** The session's tenant; undefined when there is no session. */
  async tenant(): Promise<Tenant | undefined> {
    return this.life.store.exists() ? this.life.store.tenant() : undefined;
  }

  /** The session as JSON text (a SessionView, run-views.ts), optionally one page of its messages; null if there is none. */
  async view(page?: MessagePage): Promise<string | null> {
    return this.life.store.exists() ? sessionViewJson(this.life.store, (r) => this.runView(r), page) : null;
  }

  /** Deletes everything of the session; false if it did not exist. Every run not yet ended ends first as failed (session_deleted). */
  async destroy(): Promise<boolean> {
    if (!this.life.store.exists()) return false;
    const stopping = this.life.executor.abortAll("session deleted");
    this.life.executor.discardUnfinished(SESSION_DELETED);
    await Promise.race([stopping, new Promise((r) => setTimeout(r, this.config().DELETE_WAIT_MS))]);
    // A run started while the others stopped ends the same way.
    this.life.executor.discardUnfinished(SESSION_DELETED);
    await this.wipe();
    return true;
  }

  /** Ends the storage's life, then wipes it: work of the old life still under way writes nothing into the next (session-life.ts). */
  private async wipe(): Promise<void> {
    this.life.end();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // The object may live on; its tables must exist again for the next create.
    this.life = this.openLife(migrate(this.ctx.storage, SESSION_MIGRATIONS, SESSION_BASELINE));
  }

  // ---- runs

  /**
   * Queues a run (creating the session if absent) and starts it when the session is free; a request repeating an earlier one
   * (request-dedupe.ts) gets that run back. Another tenant's session is as good as absent (not_found). A reserved id is refused
   * (reserved_id) to a caller that did not derive it unless the session is the caller's: the same answer whether or not it exists.
   * `follow` opens the run's stream in that format (start-run.ts). `continues`: the run this one follows (previous_response_id; the
   * last reply of a /v1/ui/chat history, null for none); unless the request repeats or replaces the latest, the run starts only
   * while that one is the latest, checked in this step with nothing awaited before the insert, else not_latest (another came first).
   */
  async startRun(
    sessionId: string,
    input: string,
    options: RunOptions,
    dedupe: RunDedupe = {},
    follow?: StreamFormat,
    continues?: string | null,
  ): Promise<Outcome<StartedRun, StartRefusal["code"]>> {
    const tenant = options.tenant ?? null;
    const exists = this.life.store.exists();
    // A session gone since the caller looked is not created again here: the caller looks again.
    if (typeof continues === "string" && !exists) return notLatest(continues);
    const reserved = options.derivedSession ? undefined : reservedKind(sessionId);
    if (reserved && !(exists && mayAccess(tenant, this.life.store.tenant()))) return refuse("reserved_id", reservedIdMessage(sessionId, reserved));
    if (!exists) this.life.store.create(sessionId, {}, tenant);
    else if (!mayAccess(tenant, this.life.store.tenant())) return refuse("not_found", `session ${sessionId} not found`);
    const limits = this.dedupeLimits();
    // A session created just now has no run to repeat or replace.
    const latest = exists ? this.life.store.runs.last() : undefined;
    const repeat = this.life.dedupe.repeatOf(dedupe, { input, options }, latest);
    if (repeat) return repeat.ok ? { ok: true, runId: repeat.runId, replayed: true, ...this.follow(this.life.store.runs.get(repeat.runId), follow) } : repeat;
    // A retry after a failure runs again in the failed run's place: its input is in the history once.
    const replaced = this.life.dedupe.replacedBy(dedupe, { input, options }, latest);
    if (continues !== undefined && !replaced && (latest?.runId ?? null) !== continues) return notLatest(continues);
    if (replaced) {
      this.life.store.deleteRun(replaced);
      this.life.dedupe.forget(replaced);
    }
    const runId = newId("run");
    const run = this.life.store.runs.insert(runId, input, options);
    this.life.dedupe.remember(dedupe, runId, limits);
    const followed = this.follow(run, follow, true);
    await this.upkeep.runInLine();
    return { ok: true, runId, replayed: false, ...followed };
  }

  /** The run's stream from its start, for a caller that follows it (startRun's `follow`); `inserted`: the run is new, its trace empty. */
  private follow(run: RunRow | undefined, format: StreamFormat | undefined, inserted = false): Pick<StartedRun, "events"> {
    return run && format ? { events: this.subscribe(run, 0, format, !inserted) } : {};
  }

  private subscribe(run: RunRow, after: number, format: StreamFormat, stored = true, had = 0): ReadableStream<Uint8Array> {
    return this.life.hub.subscribe(run.runId, after, run.status !== "running" && run.status !== "queued", format, stored, had);
  }

  /**
   * A stateless request's run: the session holds only the conversation the request brought. A repeat of
   * the request the session last served gets that run back; anything else starts over from `history`.
   */
  async startStatelessRun(
    sessionId: string,
    history: readonly Message[],
    input: string,
    options: RunOptions,
    dedupe: RunDedupe,
  ): Promise<Outcome<StartedRun, StartRefusal["code"]>> {
    if (this.life.store.exists()) {
      const repeat = this.life.dedupe.repeatOf(dedupe, { input, options }, this.life.store.runs.last());
      if (repeat) return repeat.ok ? { ok: true, runId: repeat.runId, replayed: true } : repeat;
      await this.destroy();
    }
    // Its id is derived from the request (ephemeral-run.ts).
    await this.create(sessionId, { ephemeral: true }, history, options.tenant ?? null, true);
    return this.startRun(sessionId, input, { ...options, derivedSession: true }, dedupe);
  }

  /**
   * Ends a stateless session once its run is over: deleted now, or kept (and deleted by the alarm) while a repeat may still come
   * (its idempotency key's lifetime), or while its run waits for the client's tool results.
   */
  async release(runId: string): Promise<void> {
    const run = this.life.store.runs.get(runId);
    // Running again: a request brought the client's tool results meanwhile, and its reply releases the session.
    if (run?.status === "running" || run?.status === "queued") return;
    // A run waiting for the client's tool results stays until they come (the next request resumes it) or its calls are abandoned.
    const resumeUntil = run?.status === "awaiting_client_tools" ? (this.life.clientCalls.expiry(runId) ?? 0) : 0;
    const keepUntil = Math.max(resumeUntil, this.life.dedupe.lastExpiry() ?? 0);
    if (keepUntil <= Date.now()) {
      await this.destroy();
      return;
    }
    this.life.store.setMeta("expires_at", String(keepUntil));
    await this.upkeep.armWatchdog();
  }

  async getRun(runId: string): Promise<RunView | null> {
    const run = this.life.store.runs.get(runId);
    return run ? this.runView(run) : null;
  }

  /** Resolves when the run ends or pauses for a person (approval or input). */
  async waitRun(runId: string): Promise<RunView | null> {
    const run = this.life.store.runs.get(runId);
    if (!run) return null;
    if (run.status !== "running" && run.status !== "queued") return this.runView(run);
    return this.waiters.wait(runId);
  }

  /**
   * The run's events after `after` (trace seq), then live ones; NDJSON, or Server-Sent Events for a client
   * (stream-events.ts). `had`: the characters of the text after `after` the client has (a live delta's mark).
   */
  async streamRun(runId: string, after = 0, format: StreamFormat = "ndjson", had = 0): Promise<ReadableStream<Uint8Array> | null> {
    const run = this.life.store.runs.get(runId);
    return run ? this.subscribe(run, after, format, true, had) : null;
  }

  /** Asks a run to stop at its next safe point; a queued run is cancelled at once. */
  async cancelRun(runId: string): Promise<RunView | null> {
    const run = this.life.store.runs.get(runId);
    if (!run) return null;
    if (!this.life.executor.abort(runId, "cancelled") && isUnfinished(run.status)) {
      this.life.approvals.withdraw(runId, "the run was cancelled first.");
      this.life.clientCalls.withdraw(runId, "the run was cancelled first.");
      this.life.executor.finish(run, { runId, status: "cancelled", output: run.output, steps: run.steps, usage: run.usage });
    }
    const after = this.life.store.runs.get(runId);
    return after ? this.runView(after) : null;
  }

  /** Compacts the history now (compact-session.ts); a compact while one is under way gets its answer, a keyed retry the first's. */
  async compact(key?: IdempotencyKey): Promise<CompactResult> {
    if (!this.life.store.exists()) return refuse("not_found", "session not found");
    const store = this.life.store;
    const hub = this.life.hub;
    const signal = AbortSignal.timeout(this.config().MODEL_TIMEOUT_MS * 2);
    return keyedCompaction(store, key, () => this.upkeep.compact(() => compactSession(this.env, this.config(), store, signal, (e) => hub.emitOutsideRuns(e))));
  }

  /** Forgets a run that has ended (a deleted response); refused while it still runs. */
  async deleteRun(runId: string): Promise<Outcome<{ runId: string }, "not_found" | "run_active">> {
    const run = this.life.store.runs.get(runId);
    if (!run) return refuse("not_found", `run ${runId} not found`);
    if (run.status === "running" || run.status === "queued" || this.life.executor.isActive(runId)) return refuse("run_active", `run ${runId} is still running`);
    this.life.approvals.withdraw(runId, "the run was deleted.");
    this.life.clientCalls.withdraw(runId, "the run was deleted.");
    this.life.store.deleteRun(runId);
    return { ok: true, runId };
  }

  /**
   * Settles an approval (decide-approval.ts is the entry point); resumes its run when it was the last, with
   * the deciding request's client tools when it declared them (`clientTools`, null for none).
   */
  async decideApproval(approvalId: string, decision: Decision, by: string, opts: DecideOptions): Promise<DecideOutcome> {
    if (!this.life.store.exists()) return refuse("not_found", `approval ${approvalId} not found`);
    const { resume, ...outcome } = this.life.approvals.decide(approvalId, decision, by, opts);
    if (!resume) return outcome;
    const run = opts.clientTools === undefined ? undefined : this.life.store.runs.get(resume);
    if (run) this.life.store.runs.setOptions(resume, resumedOptions(run.options, { clientTools: opts.clientTools }));
    await this.upkeep.resume(resume);
    return outcome;
  }

  /**
   * Answers an MCP server's question (answer-input.ts is the entry point); the run proceeds once its
   * last question is settled, and one lost to a restart recovers.
   */
  async answerInput(
    inputId: string,
    action: InputAction,
    content: Record<string, unknown> | undefined,
    by: string,
    idempotencyKey?: IdempotencyKey,
  ): Promise<AnswerOutcome> {
    if (!this.life.store.exists()) return refuse("not_found", `input ${inputId} not found`);
    const outcome = this.life.inputs.answer(inputId, action, content, by, idempotencyKey);
    if (!outcome.ok && outcome.code === "input_lost") await this.upkeep.resume();
    return outcome;
  }

  /**
   * Resumes a run waiting for the client's tool results (awaiting_client_tools) with them: each becomes its call's tool message, and
   * the run goes on with the resuming request's tools, tool choice and streaming, and, from a wire that sends them (`answer`), its
   * guidance and answer format. The answer says where the resumed run's events follow (trace seq); a repeat of the same results gets
   * the same. Another tenant's session, or a run not here, is tool_call_not_found, as if absent.
   */
  async resumeWithClientResults(
    runId: string,
    results: readonly ClientToolResult[],
    tools: ClientTools | undefined,
    stream: boolean,
    tenant: Tenant,
    answer?: AnswerSettings,
  ): Promise<ClientResultsOutcome> {
    const run = this.life.store.exists() && mayAccess(tenant, this.life.store.tenant()) ? this.life.store.runs.get(runId) : undefined;
    if (!run) return refuse("tool_call_not_found", "The tool calls answered belong to no run of this server.");
    const wasWaiting = run.status === "awaiting_client_tools";
    const outcome = this.life.clientCalls.answer(runId, results);
    if (!outcome.ok || !wasWaiting) return outcome;
    this.life.store.runs.setOptions(runId, resumedOptions(run.options, { clientTools: tools ?? null, stream, ...(answer ? { answer } : {}) }));
    // A stateless session released until the results came stays for the resumed run (its reply releases it again).
    this.life.store.deleteMeta("expires_at");
    await this.upkeep.resume(runId);
    return outcome;
  }

  async events(after: number, limit: number): Promise<TraceEventView[] | null> {
    if (!this.life.store.exists()) return null;
    return this.life.store.trace.read({ after, limit }).map(traceEventView);
  }

  /** The options a run has (a resume's changes included): GET /v1/responses/:id reads a response's request fields from them. */
  async runOptions(runId: string): Promise<RunOptions | null> {
    return this.life.store.runs.get(runId)?.options ?? null;
  }

  /**
   * Where a request continuing from the run `runId` goes (previous_response_id): on here when that run is the latest or the request
   * repeats the latest (judged as startRun will), else into a fork of the history through that run, its first `through` messages
   * (null: it stored none); null when there is no such run. "On here" holds only if startRun is told what it `continues`.
   */
  async continuationOf(
    runId: string,
    input: string,
    options: RunOptions,
    dedupe: RunDedupe,
  ): Promise<{ fork: false } | { fork: true; through: number | null } | null> {
    if (!this.life.store.exists() || !this.life.store.runs.get(runId)) return null;
    const latest = this.life.store.runs.last();
    const request = { input, options };
    if (latest?.runId === runId || this.life.dedupe.repeatOf(dedupe, request, latest) || this.life.dedupe.replacedBy(dedupe, request, latest))
      return { fork: false };
    return { fork: true, through: this.life.store.messagesThrough(runId) };
  }

  // ---- the object's own upkeep

  private dedupeLimits(): DedupeLimits {
    const config = this.config();
    return { idempotencyTtlMs: config.IDEMPOTENCY_TTL_MS };
  }

  private config(): SessionConfig {
    return sessionObjectSettings(this.env);
  }

  /** The watchdog (session-upkeep.ts). */
  async alarm(): Promise<void> {
    await this.upkeep.alarm();
  }

  private runView(r: RunRow): RunView {
    return this.life.runView(r);
  }
}
