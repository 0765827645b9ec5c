// Executes a session's runs inside its Durable Object, one at a time in the order they were started:
// takes the next run in line, drives it (run-driver.ts), and ends or pauses it with the outcome. A run
// keeps going when the client that started it goes away. A run ended by a delete is "discarded":
// whatever its execution still does, it emits nothing, and once the storage is wiped it writes nothing
// either (its life's storage is closed: session-life.ts). Under RUN_STEPS_PER_INVOCATION an
// execution yields between steps: the run stays running and the object's alarm, set for now, continues
// it in a fresh invocation (the pump stops here, so no invocation runs more than its share of steps).
import type { ErrorInfo, LoopResult, SourcedEvent } from "../../agent";
import { unlessStorageClosed } from "../../lib/closable-sql";
import { PermissionPolicy } from "../../lib/permissions";
import { ConfigError } from "../../lib/config-error";
import type { Env } from "../../env";
import type { ApprovalRequests, OnAsk } from "../interactions/approval-requests";
import { DERIVED_IDS, reservedKind } from "../../lib/derived-ids";
import type { EventHub } from "../trace/event-hub";
import type { InputRequests } from "../interactions/input-requests";
import type { ClientToolCalls } from "../interactions/client-tool-calls";
import { driveRun, failedResult } from "./run-driver";
import { isUnfinished, type RunLifecycle } from "./run-lifecycle";
import type { RunView } from "./run-views";
import type { RunWaiters } from "./run-waiters";
import type { SessionStore } from "../session-store";
import type { RunRow } from "./run-row";
import { errorMessage } from "../../lib/error-message";
import type { SessionConfig } from "../settings";

export interface RunExecutorDeps {
  /** The object's env as it is now (settings are read from it per run). */
  env: () => Env;
  config: () => SessionConfig;
  store: SessionStore;
  hub: EventHub;
  approvals: ApprovalRequests;
  inputs: InputRequests;
  clientCalls: ClientToolCalls;
  lifecycle: RunLifecycle;
  waiters: RunWaiters;
  view: (r: RunRow) => RunView;
  /** Sets the object's alarm for what remains to do. */
  armWatchdog: () => Promise<void>;
  /** Sets the object's alarm for now: a run yielded between steps, and the alarm's invocation continues it. */
  continueInFreshInvocation: () => Promise<void>;
  /** The last run in line has ended or paused: prune the trace and re-arm (or clear) the alarm, once. */
  onIdle: () => Promise<void>;
}

interface ActiveRun {
  controller: AbortController;
  /** Settles when the run's execution has stopped (its last write is done). */
  stopped: Promise<void>;
}

export class RunExecutor {
  private readonly active = new Map<string, ActiveRun>();
  private readonly discarded = new Set<string>();
  private pumping = false;

  constructor(private readonly d: RunExecutorDeps) {}

  /** True while the run's execution is under way in this object. */
  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  get activeCount(): number {
    return this.active.size;
  }

  /** Runs queued runs one at a time, until one yields (its next steps belong to the next invocation). */
  async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      let ran = false;
      for (;;) {
        const next = this.d.lifecycle.next((runId) => this.active.has(runId));
        if (!next) {
          // The line is empty: the session is idle until the next request. What the runs left to do
          // (retention, the watchdog's next look) is settled once here, not per event or per step.
          if (ran) await this.d.onIdle();
          break;
        }
        ran = true;
        if ((await this.execute(next.run, next.paused)) === "yielded") break;
      }
    } catch (e) {
      // The session was wiped under this life's runs: what they would still do belongs to no session.
      unlessStorageClosed(e);
    } finally {
      this.pumping = false;
    }
  }

  /** Asks a run's execution to stop at its next safe point; false when it is not executing here. */
  abort(runId: string, reason: string): boolean {
    const active = this.active.get(runId);
    active?.controller.abort(new Error(reason));
    return !!active;
  }

  /** Aborts every execution; settles when they have stopped. */
  abortAll(reason: string): Promise<void[]> {
    return Promise.all(
      [...this.active.values()].map((a) => {
        a.controller.abort(new Error(reason));
        return a.stopped;
      }),
    );
  }

  /** Ends every run not yet ended with `error`, for good: their executions may neither write nor emit again. */
  discardUnfinished(error: ErrorInfo): void {
    for (const run of this.d.store.runs.all().filter((r) => isUnfinished(r.status))) {
      this.discarded.add(run.runId);
      this.d.lifecycle.stop(run, "failed", { error });
      this.d.hub.emit(run.runId, { type: "run.failed", runId: run.runId, error });
      this.answerWaiters(run.runId);
    }
  }

  /** `paused`: the session's paused runs, which a queued run supersedes. */
  private async execute(run: RunRow, paused: readonly RunRow[]): Promise<"yielded" | undefined> {
    const { store, lifecycle } = this.d;
    // A new message supersedes the runs left waiting; a recipe's run (a grading) is no message, so they go on waiting.
    if (run.status === "queued" && !run.options.recipe) this.supersede(paused);
    const how = lifecycle.begin(run);
    // The row as next() just read it, but for what begin() wrote: running, its resume mark used up.
    const executing: RunRow = { ...run, status: "running", resume: false };
    const controller = new AbortController();
    let stopped!: () => void;
    this.active.set(run.runId, { controller, stopped: new Promise<void>((r) => (stopped = r)) });
    // A client that asked for a reasoning summary gets the model's reasoning as part of its answer, read back too.
    const kept = run.options.sampling?.reasoning_summary ? { keepReasoning: true } : undefined;
    const emit = (e: SourcedEvent) => {
      if (!this.discarded.has(run.runId)) this.d.hub.emit(run.runId, e, kept);
    };
    let result: LoopResult;
    try {
      const config = this.d.config();
      if (how === "start") emit({ type: "run.started", runId: run.runId });
      result = await driveRun({
        config,
        env: this.d.env(),
        sessionId: store.id()!,
        store,
        run: executing,
        signal: controller.signal,
        emit,
        how,
        permissions: this.d.approvals.permissionHook(new PermissionPolicy(config.PERMISSIONS), run.runId, onAsk(run, store.id()!, config)),
        askUser: (server, request, signal) =>
          this.d.inputs.ask(run.runId, server, request, signal, { noAnswer: noAnswerReaches(run, store.id()!), ttlMs: config.INPUT_TTL_MS }),
      });
    } catch (e) {
      result = failedResult(run, e instanceof ConfigError ? e.code : "internal_error", errorMessage(e));
    } finally {
      this.active.delete(run.runId);
      stopped();
    }
    // Ended by its session's delete: the delete wrote its end, and wipes whatever it wrote meanwhile.
    if (this.discarded.has(run.runId)) return;
    // A cancel that came after the loop yielded still ends the run.
    if (result.status === "running" && controller.signal.aborted) result = { ...result, status: "cancelled" };
    if (result.status !== "running") {
      this.finish(executing, result);
      return;
    }
    this.d.hub.flush(run.runId);
    this.d.lifecycle.continueLater(run, result.steps, result.usage);
    await this.d.continueInFreshInvocation();
    return "yielded";
  }

  /** The run's execution is over (or it will not execute again: cancelled while queued or paused): it ends or pauses with `result`. */
  finish(run: RunRow, result: LoopResult): void {
    const { approvals, clientCalls, hub } = this.d;
    const config = this.d.config();
    const pending = result.status === "awaiting_approval" ? approvals.open(run.runId, result.pending ?? [], config.APPROVAL_TTL_MS) : undefined;
    const forClient = result.status === "awaiting_client_tools" ? clientCalls.open(run.runId, result.clientCalls ?? [], config.CLIENT_TOOLS_TTL_MS) : undefined;
    if (result.status === "queued" || result.status === "running") throw new Error(`run ${run.runId}: an execution cannot end ${result.status}`);
    this.d.lifecycle.stop(run, result.status, { output: result.output, steps: result.steps, usage: result.usage, error: result.error ?? null });
    try {
      if (result.status === "failed")
        hub.emit(run.runId, { type: "run.failed", runId: run.runId, error: result.error ?? { code: "internal_error", message: "unknown failure" } });
      else if (forClient) {
        clientCalls.announce(run.runId, forClient);
        void this.d.armWatchdog();
      } else if (!pending) {
        hub.emit(run.runId, {
          type: "run.completed",
          runId: run.runId,
          status: result.status,
          output: result.output,
          steps: result.steps,
          usage: result.usage,
        });
      } else {
        approvals.announce(run.runId, pending);
        void this.d.armWatchdog();
      }
    } finally {
      // The run's state is stored above; whoever waits for it gets an answer even if an event failed.
      this.answerWaiters(run.runId);
    }
  }

  /** Answers whoever waits for the run with its view now (it ended, or paused for a person). */
  answerWaiters(runId: string): void {
    this.d.waiters.answer(runId, () => this.d.view(this.d.store.runs.get(runId)!));
  }

  /** A new run supersedes runs still waiting for approval, a client's results (or lost waiting for input): they end cancelled, their calls answered. */
  private supersede(paused: readonly RunRow[]): void {
    for (const waiting of paused) {
      this.d.approvals.withdraw(waiting.runId, "a newer message arrived before anyone decided.");
      this.d.clientCalls.withdraw(waiting.runId, "a newer message arrived instead of its result.");
      this.finish(waiting, { runId: waiting.runId, status: "cancelled", output: waiting.output, steps: waiting.steps, usage: waiting.usage });
    }
  }
}

/**
 * How the run's `ask`s resolve: a person decides, except where none can. No one watches a course's runs
 * (UNATTENDED_ASK), and a stateless request's session is deleted with its reply, so no decision could reach it.
 */
function onAsk(run: RunRow, sessionId: string, config: SessionConfig): OnAsk {
  if (run.options.unattended) return { action: config.UNATTENDED_ASK, why: `no one watches this run and UNATTENDED_ASK is ${config.UNATTENDED_ASK}` };
  const why = noAnswerReaches(run, sessionId);
  return why ? { action: "deny", why } : "wait";
}

/** Why no person's answer (a decision, or an MCP server's question's answer) could reach the run, if none could. */
function noAnswerReaches(run: RunRow, sessionId: string): string | undefined {
  if (run.options.unattended) return "no one watches this run";
  if (reservedKind(sessionId) === DERIVED_IDS.ephemeral) return "this request keeps nothing (store: false), so no answer could reach it";
  return undefined;
}
