// The Session Durable Object: one per session, the single writer of its history, runs and trace.
// Runs of a session execute one at a time, in the order they were started; a run keeps going when the
// client that started it goes away, and a watchdog alarm resumes a run the object lost to a restart.
import { DurableObject } from "cloudflare:workers";
import type { RunResult, SourcedEvent, Todo, Usage } from "../agent/events";
import type { LoopResult } from "../agent/loop";
import type { Message } from "../agent/messages";
import { PermissionPolicy } from "../lib/permissions";
import { newId } from "../agent/messages";
import { mayAccess, type Tenant } from "../lib/tenant";
import { migrate } from "../lib/schema-migrations";
import { ConfigError, loadConfig, type Config } from "../config";
import type { Env } from "../env";
import { compactSession, type CompactResult } from "./compact-session";
import { ApprovalDesk, type DecideOutcome, type Decision, type PendingApproval } from "./approvals";
import { EventHub, type TracePolicy } from "./event-hub";
import { driveRun } from "./run-driver";
import { isPaused, isUnfinished, RunLifecycle } from "./run-lifecycle";
import { RequestDedupe, type DedupeLimits, type RunDedupe } from "./request-dedupe";
import { SESSION_MIGRATIONS } from "./schema";
import { SessionStore, type RunOptions, type RunRow } from "./session-store";
import { traceEventView, type TraceEventView } from "./stream-events";
import { createTracePolicy, webhookSettings } from "./trace-policy";
import { WebhookOutbox } from "./webhook-outbox";

/** How often the watchdog checks a running session for a run lost to a restart. */
const WATCHDOG_MS = 30_000;

export interface SessionView {
  id: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  messages: Array<Message & { toolCallId?: string }>;
  todos: Todo[];
  runs: RunView[];
  usage: Usage;
  /** `usage` split by model: writing, summaries, grading and subagents each on their own model. */
  usageByModel: Record<string, Usage>;
}

/** A run started, or found again for a repeated request; `reused`: an Idempotency-Key came with another body. */
export type StartedRun = { runId: string; replayed: boolean } | { reused: true };

export type RunView = RunResult & { createdAt: string; finishedAt?: string; pending?: PendingApproval[] };

interface ActiveRun {
  controller: AbortController;
  /** Settles when the run's execution has stopped (its last write is done). */
  stopped: Promise<void>;
}

const SESSION_DELETED = { code: "session_deleted", message: "The session was deleted while this run was under way." };

export class SessionObject extends DurableObject<Env> {
  private readonly store: SessionStore;
  private readonly hub: EventHub;
  private readonly approvals: ApprovalDesk;
  private readonly lifecycle: RunLifecycle;
  private readonly dedupe: RequestDedupe;
  private readonly outbox: WebhookOutbox;
  private trace: TracePolicy | undefined;
  private readonly active = new Map<string, ActiveRun>();
  private readonly waiters = new Map<string, Array<(r: RunView) => void>>();
  /** Runs ended by a delete: whatever their execution still does, it neither writes nor emits. */
  private readonly discarded = new Set<string>();
  private pumping = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, SESSION_MIGRATIONS);
    this.store = new SessionStore(ctx.storage.sql);
    this.hub = new EventHub(this.store, () => this.tracePolicy());
    this.dedupe = new RequestDedupe(ctx.storage.sql);
    this.lifecycle = new RunLifecycle(this.store);
    this.outbox = new WebhookOutbox(
      ctx.storage.sql,
      () => webhookSettings(this.env),
      // Attempts go to the trace only: not to streams, and never to the webhooks themselves.
      (runId, e) => this.store.appendEvent(runId, this.tracePolicy().redact(e)),
    );
    this.approvals = new ApprovalDesk(
      ctx.storage.sql,
      this.store,
      (runId, e, o) => this.hub.emit(runId, e, o),
      () => this.tracePolicy().redact,
    );
  }

  // ---- sessions

  /** Creates the session, optionally with a conversation so far (a client that keeps its own history); false if it exists. */
  async create(id: string, metadata: Record<string, unknown> = {}, history: readonly Message[] = [], tenant: Tenant = null): Promise<boolean> {
    if (this.store.exists()) return false;
    this.store.create(id, metadata, tenant);
    for (const m of history) this.store.appendMessage(m, null);
    return true;
  }

  async exists(): Promise<boolean> {
    return this.store.exists();
  }

  /** The session's tenant; undefined when there is no session. */
  async tenant(): Promise<Tenant | undefined> {
    return this.store.exists() ? this.store.tenant() : undefined;
  }

  async view(): Promise<SessionView | null> {
    if (!this.store.exists()) return null;
    return {
      id: this.store.getMeta("id")!,
      metadata: JSON.parse(this.store.getMeta("metadata") ?? "{}"),
      createdAt: this.store.getMeta("created_at")!,
      messages: this.store.messages().map(({ seq: _seq, ...m }) => m),
      todos: this.store.todos(),
      runs: this.store.runs().map((r) => this.runView(r)),
      usage: this.store.totalUsage(),
      usageByModel: this.store.usageByModel(),
    };
  }

  /**
   * Deletes everything of the session; false if it did not exist. Every run not yet ended ends first
   * as failed (session_deleted): its stream gets that event and whoever waits for it that answer.
   */
  async destroy(): Promise<boolean> {
    if (!this.store.exists()) return false;
    const stopping = [...this.active.values()].map((a) => {
      a.controller.abort(new Error("session deleted"));
      return a.stopped;
    });
    this.endUnfinishedRuns();
    await Promise.race([Promise.all(stopping), new Promise((r) => setTimeout(r, this.config().DELETE_WAIT_MS))]);
    // A run started while the others stopped ends the same way.
    this.endUnfinishedRuns();
    await this.wipe();
    return true;
  }

  private endUnfinishedRuns(): void {
    for (const run of this.store.runs().filter((r) => isUnfinished(r.status))) {
      this.discarded.add(run.runId);
      this.lifecycle.stop(run, "failed", { error: SESSION_DELETED });
      this.hub.emit(run.runId, { type: "run.failed", runId: run.runId, error: SESSION_DELETED });
      this.answerWaiters(run.runId);
    }
  }

  private async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // The object may live on; its tables must exist again for the next create.
    migrate(this.ctx.storage, SESSION_MIGRATIONS);
  }

  // ---- runs

  /**
   * Queues a run (creating the session if absent) and starts it when the session is free. A request that
   * repeats an earlier one (request-dedupe.ts) gets that run back instead. Null: another tenant's session.
   */
  async startRun(sessionId: string, input: string, options: RunOptions, dedupe: RunDedupe = {}): Promise<StartedRun | null> {
    const tenant = options.tenant ?? null;
    if (!this.store.exists()) this.store.create(sessionId, {}, tenant);
    else if (!mayAccess(tenant, this.store.tenant())) return null;
    const limits = this.dedupeLimits();
    const repeat = this.dedupe.repeatOf(dedupe, input, this.store.runs().at(-1), limits);
    if (repeat) return "reused" in repeat ? { reused: true } : { runId: repeat.runId, replayed: true };
    const runId = newId("run");
    this.store.insertRun(runId, input, options);
    this.dedupe.remember(dedupe, runId, limits);
    await this.armWatchdog();
    void this.pump();
    return { runId, replayed: false };
  }

  /**
   * A stateless request's run: the session holds only the conversation the request brought. A repeat of
   * the request the session last served gets that run back; anything else starts over from `history`.
   */
  async startStatelessRun(sessionId: string, history: readonly Message[], input: string, options: RunOptions, dedupe: RunDedupe): Promise<StartedRun> {
    if (this.store.exists()) {
      const repeat = this.dedupe.repeatOf(dedupe, input, this.store.runs().at(-1), this.dedupeLimits());
      if (repeat) return "reused" in repeat ? { reused: true } : { runId: repeat.runId, replayed: true };
      await this.destroy();
    }
    await this.create(sessionId, { ephemeral: true }, history, options.tenant ?? null);
    return (await this.startRun(sessionId, input, options, dedupe))!;
  }

  /**
   * Ends a stateless session once its run is over: deleted now, or kept (and deleted by the alarm) while a
   * repeat may still come: its idempotency key's lifetime, or the retry window after a failure.
   */
  async release(runId: string): Promise<void> {
    const run = this.store.run(runId);
    const limits = this.dedupeLimits();
    const retryUntil = run?.status === "failed" ? this.dedupe.retryDeadline(run, limits) : 0;
    const keepUntil = Math.max(retryUntil, this.dedupe.lastExpiry() ?? 0);
    if (keepUntil <= Date.now()) {
      await this.destroy();
      return;
    }
    this.store.setMeta("expires_at", String(keepUntil));
    await this.armWatchdog();
  }

  async getRun(runId: string): Promise<RunView | null> {
    const run = this.store.run(runId);
    return run ? this.runView(run) : null;
  }

  /** Resolves when the run ends or pauses for approval. */
  async waitRun(runId: string): Promise<RunView | null> {
    const run = this.store.run(runId);
    if (!run) return null;
    if (run.status !== "running" && run.status !== "queued") return this.runView(run);
    return new Promise((resolve) => {
      const list = this.waiters.get(runId) ?? [];
      list.push(resolve);
      this.waiters.set(runId, list);
    });
  }

  /** The run's events after `after` (trace seq), then live ones; NDJSON. */
  async streamRun(runId: string, after = 0): Promise<ReadableStream<Uint8Array> | null> {
    const run = this.store.run(runId);
    if (!run) return null;
    return this.hub.subscribe(runId, after, run.status !== "running" && run.status !== "queued");
  }

  /** Asks a run to stop at its next safe point; a queued run is cancelled at once. */
  async cancelRun(runId: string): Promise<RunView | null> {
    const run = this.store.run(runId);
    if (!run) return null;
    const active = this.active.get(runId);
    if (active) active.controller.abort(new Error("cancelled"));
    else if (isUnfinished(run.status)) {
      this.approvals.withdraw(runId, "the run was cancelled first.");
      this.finish(run, { runId, status: "cancelled", output: run.output, steps: run.steps, usage: run.usage });
    }
    return this.runView(this.store.run(runId)!);
  }

  /** Compacts the history now (compact-session.ts); null: no such session. */
  async compact(): Promise<CompactResult | null> {
    if (!this.store.exists()) return null;
    return compactSession(this.config(), this.store, AbortSignal.timeout(this.config().MODEL_TIMEOUT_MS * 2));
  }

  /** Forgets a run that has ended (a deleted response); "active" while it still runs, null when there is no such run. */
  async deleteRun(runId: string): Promise<"deleted" | "active" | null> {
    const run = this.store.run(runId);
    if (!run) return null;
    if (run.status === "running" || run.status === "queued" || this.active.has(runId)) return "active";
    this.approvals.withdraw(runId, "the run was deleted.");
    this.store.deleteRun(runId);
    return "deleted";
  }

  /** Settles an approval (decide-approval.ts is the entry point); resumes its run when it was the last. Null: no such session. */
  async decideApproval(approvalId: string, decision: Decision, by: string, remember: boolean): Promise<DecideOutcome | null> {
    if (!this.store.exists()) return null;
    const { resume, ...outcome } = this.approvals.decide(approvalId, decision, by, remember);
    if (resume) await this.resume(resume);
    return outcome;
  }

  async events(after: number, limit: number): Promise<TraceEventView[] | null> {
    if (!this.store.exists()) return null;
    return this.store.events({ after, limit }).map(traceEventView);
  }

  // ---- execution

  /** Runs queued runs one at a time. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const next = this.lifecycle.next((runId) => this.active.has(runId));
        if (!next) break;
        await this.execute(next);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async execute(run: RunRow): Promise<void> {
    if (run.status === "queued") this.supersedeWaitingRuns();
    const how = this.lifecycle.begin(run);
    const controller = new AbortController();
    let stopped!: () => void;
    this.active.set(run.runId, { controller, stopped: new Promise<void>((r) => (stopped = r)) });
    const emit = (e: SourcedEvent) => {
      if (!this.discarded.has(run.runId)) this.hub.emit(run.runId, e);
    };
    let result: LoopResult;
    try {
      const config = this.config();
      if (how === "start") emit({ type: "run.started", runId: run.runId });
      result = await driveRun({
        config,
        env: this.env,
        sessionId: this.store.getMeta("id")!,
        store: this.store,
        run: this.store.run(run.runId)!,
        signal: controller.signal,
        emit,
        recovering: how === "recover",
        permissions: this.approvals.permissionHook(
          new PermissionPolicy(config.PERMISSIONS),
          run.runId,
          run.options.unattended ? config.UNATTENDED_ASK : "wait",
        ),
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      result = {
        runId: run.runId,
        status: "failed",
        output: "",
        steps: run.steps,
        usage: run.usage,
        error: { code: e instanceof ConfigError ? "config_invalid" : "internal_error", message },
      };
    } finally {
      this.active.delete(run.runId);
      stopped();
    }
    if (!this.discarded.has(run.runId)) this.finish(this.store.run(run.runId)!, result);
    // Outlived its session's delete (DELETE_WAIT_MS): what it wrote since must not outlive the session.
    else if (!this.store.exists()) await this.wipe();
  }

  private finish(run: RunRow, result: LoopResult): void {
    const pending = result.status === "awaiting_approval" ? this.approvals.open(run.runId, result.pending ?? [], this.config().APPROVAL_TTL_MS) : undefined;
    if (result.status === "queued" || result.status === "running") throw new Error(`run ${run.runId}: an execution cannot end ${result.status}`);
    this.lifecycle.stop(run, result.status, { output: result.output, steps: result.steps, usage: result.usage, error: result.error ?? null });
    try {
      if (result.status === "failed")
        this.hub.emit(run.runId, { type: "run.failed", runId: run.runId, error: result.error ?? { code: "internal_error", message: "unknown failure" } });
      else if (!pending) {
        this.hub.emit(run.runId, {
          type: "run.completed",
          runId: run.runId,
          status: result.status,
          output: result.output,
          steps: result.steps,
          usage: result.usage,
        });
      } else {
        this.approvals.announce(run.runId, pending);
        void this.armWatchdog();
      }
    } finally {
      // The run's state is stored above; whoever waits for it gets an answer even if an event failed.
      this.answerWaiters(run.runId);
    }
  }

  private answerWaiters(runId: string): void {
    const view = this.runView(this.store.run(runId)!);
    for (const resolve of this.waiters.get(runId) ?? []) resolve(view);
    this.waiters.delete(runId);
  }

  private dedupeLimits(): DedupeLimits {
    const config = this.config();
    return { idempotencyTtlMs: config.IDEMPOTENCY_TTL_MS, retryWindowMs: config.RETRY_WINDOW_MS };
  }

  private config(): Config {
    return loadConfig(this.env);
  }

  /** Redaction, retention and webhook hooks of the trace, built once per object. */
  private tracePolicy(): TracePolicy {
    this.trace ??= createTracePolicy(
      this.env,
      () => this.store.getMeta("id") ?? "",
      this.outbox,
      () => this.deliverWebhooks(),
    );
    return this.trace;
  }

  /** Attempts the due webhook deliveries now; the alarm takes up what must wait. */
  private deliverWebhooks(): void {
    this.ctx.waitUntil(
      this.outbox
        .deliverDue()
        .then(() => this.armWatchdog())
        .catch((e: unknown) => console.error("webhook delivery failed", e)),
    );
  }

  /** A new run supersedes runs still waiting for approval: they end cancelled, their calls answered. */
  private supersedeWaitingRuns(): void {
    for (const waiting of this.store.runs().filter((r) => isPaused(r.status))) {
      this.approvals.withdraw(waiting.runId, "a newer message arrived before anyone decided.");
      this.finish(waiting, { runId: waiting.runId, status: "cancelled", output: waiting.output, steps: waiting.steps, usage: waiting.usage });
    }
  }

  /** Puts a run whose approvals are all settled back in line. */
  private async resume(runId: string): Promise<void> {
    this.lifecycle.resume(runId);
    await this.armWatchdog();
    void this.pump();
  }

  /** Sets the alarm: the watchdog while runs are under way, else the next approval's expiry. */
  private async armWatchdog(): Promise<void> {
    const working = this.active.size > 0 || this.lifecycle.hasWork();
    const expiresAt = Number(this.store.getMeta("expires_at") ?? Infinity);
    const at = Math.min(working ? Date.now() + WATCHDOG_MS : Infinity, this.approvals.nextExpiry() ?? Infinity, expiresAt, this.outbox.nextDue() ?? Infinity);
    if (at !== Infinity) await this.ctx.storage.setAlarm(at);
  }

  /** The watchdog: expires approvals no one decided, resumes runs lost to a restart, and re-arms while work remains. */
  async alarm(): Promise<void> {
    // A released stateless session whose time is up goes entirely.
    if (Number(this.store.getMeta("expires_at") ?? Infinity) <= Date.now() && this.active.size === 0) {
      await this.destroy();
      return;
    }
    for (const runId of this.approvals.expire(Date.now())) this.lifecycle.resume(runId);
    await this.outbox.deliverDue();
    await this.armWatchdog();
    if (this.active.size === 0) void this.pump();
  }

  /** A run as clients see it; a paused run's `pending` comes from the approvals table. */
  private runView(r: RunRow): RunView {
    const pending = r.status === "awaiting_approval" ? this.approvals.pending(r.runId) : [];
    return {
      runId: r.runId,
      status: r.status,
      output: r.output,
      steps: r.steps,
      usage: r.usage,
      ...(r.error ? { error: r.error } : {}),
      ...(pending.length ? { pending } : {}),
      createdAt: r.createdAt,
      ...(r.finishedAt ? { finishedAt: r.finishedAt } : {}),
    };
  }
}
