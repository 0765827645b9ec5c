// One life of a session's storage: the stores, approval and input requests, outbox and run executor that read and write it,
// all over one closable view of the object's SQLite (src/lib/closable-sql.ts). A session id lives again
// after DELETE and a re-create, or when a stateless session starts over; the object then ends the old
// life (closing its view) before it wipes the storage and opens a new one. Whatever the old life's work
// still does afterwards (a webhook delivery awaited across the wipe, a run that outlived DELETE_WAIT_MS)
// meets the closed view, so no trace row, outbox row, approval, input or message of the first life
// lands in the second: one guard for every store.
import { closableSql, unlessStorageClosed, type ClosableSql } from "../lib/closable-sql";
import type { Env } from "../env";
import { OnDemandTables } from "../lib/on-demand-tables";
import { ApprovalRequests } from "./interactions/approval-requests";
import { InputRequests } from "./interactions/input-requests";
import { ClientToolCalls } from "./interactions/client-tool-calls";
import { RequestDedupe } from "./runs/request-dedupe";
import { RunExecutor } from "./runs/run-executor";
import { RunLifecycle } from "./runs/run-lifecycle";
import { runView, type RunView } from "./runs/run-views";
import type { RunWaiters } from "./runs/run-waiters";
import type { RunRow } from "./runs/run-row";
import { SESSION_ON_DEMAND_TABLES } from "./schema";
import { SessionStore } from "./session-store";
import type { SessionConfig } from "./settings";
import { EventHub, type TracePolicy } from "./trace/event-hub";
import { createTracePolicy, webhookSettings } from "./trace/trace-policy";
import { WebhookOutbox } from "./trace/webhook-outbox";

export interface SessionLifeDeps {
  /** The object's env, read when used (a test may lay settings over it: test/support/session-config.ts). */
  env: () => Env;
  /** The object's SQLite, migrated. */
  sql: SqlStorage;
  /** The migration laid the schema on an empty storage: the stores skip their first look-ups (there is nothing yet). */
  fresh: boolean;
  config: () => SessionConfig;
  /** The object's: a waiter outlives nothing, it is answered before a wipe. */
  waiters: RunWaiters;
  /** Sets the object's alarm for what remains to do. */
  armWatchdog: () => Promise<void>;
  /** Sets the object's alarm for now: a run yielded between steps, and the alarm's invocation continues it. */
  continueInFreshInvocation: () => Promise<void>;
  /** Keeps the object alive until `work` settles (ctx.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
}

export class SessionLife {
  readonly store: SessionStore;
  readonly hub: EventHub;
  readonly approvals: ApprovalRequests;
  readonly inputs: InputRequests;
  readonly clientCalls: ClientToolCalls;
  readonly lifecycle: RunLifecycle;
  readonly dedupe: RequestDedupe;
  readonly outbox: WebhookOutbox;
  readonly executor: RunExecutor;
  /**
   * The tables several stores share, created by the first row any of them writes: approvals (approvals,
   * MCP questions, client tool calls) and the webhook outbox. The alarm's plan asks about both.
   */
  readonly sharedTables: OnDemandTables<"approvals" | "webhook_outbox">;
  private readonly view: ClosableSql;
  private trace: TracePolicy | undefined;
  /** Webhook delivery passes under way. */
  private deliveryPasses = 0;

  constructor(private readonly d: SessionLifeDeps) {
    this.view = closableSql(d.sql);
    const sql = this.view.sql;
    this.store = new SessionStore(sql, d.fresh);
    this.sharedTables = new OnDemandTables<"approvals" | "webhook_outbox">(sql, SESSION_ON_DEMAND_TABLES, d.fresh);
    this.hub = new EventHub(this.store, () => this.tracePolicy());
    this.dedupe = new RequestDedupe(sql, d.fresh);
    this.lifecycle = new RunLifecycle(this.store);
    this.outbox = new WebhookOutbox(
      this.sharedTables,
      () => webhookSettings(d.env()),
      // Attempts go to the trace only: not to streams, and never to the webhooks themselves.
      (runId, e) => this.store.trace.append(runId, this.tracePolicy().redact(e)),
    );
    this.approvals = new ApprovalRequests(
      sql,
      this.sharedTables,
      this.store,
      (runId, e, o) => this.hub.emit(runId, e, o),
      () => this.tracePolicy().redact,
      d.fresh,
    );
    this.clientCalls = new ClientToolCalls(this.sharedTables, this.store, (runId, e) => this.hub.emit(runId, e));
    this.inputs = new InputRequests({
      tables: this.sharedTables,
      lifecycle: this.lifecycle,
      emit: (runId, e) => this.hub.emit(runId, e),
      onPaused: (runId) => {
        this.executor.answerWaiters(runId);
        void d.armWatchdog();
      },
    });
    this.executor = new RunExecutor({
      env: d.env,
      config: d.config,
      store: this.store,
      hub: this.hub,
      approvals: this.approvals,
      inputs: this.inputs,
      clientCalls: this.clientCalls,
      lifecycle: this.lifecycle,
      waiters: d.waiters,
      view: (r) => this.runView(r),
      armWatchdog: d.armWatchdog,
      continueInFreshInvocation: d.continueInFreshInvocation,
      onIdle: () => {
        this.hub.pruneTrace();
        return d.armWatchdog();
      },
    });
  }

  /** Ends this life: from now on its stores neither read nor write (the object wipes the storage next). */
  end(): void {
    this.view.close();
  }

  /** A run as clients see it; a paused run's `pending` comes from the table of pending interactions. */
  runView(r: RunRow): RunView {
    const pending =
      r.status === "awaiting_approval"
        ? this.approvals.pending(r.runId)
        : r.status === "awaiting_input"
          ? this.inputs.pending(r.runId)
          : r.status === "awaiting_client_tools"
            ? this.clientCalls.pending(r.runId)
            : [];
    return runView(r, pending);
  }

  /**
   * Attempts the due webhook deliveries now (each event's at once: a wipe right after a run must not
   * strand them in the outbox); the alarm takes up what must wait, armed once when the last pass is over
   * rather than after every event's.
   */
  deliverWebhooks(): void {
    this.deliveryPasses++;
    const pass = this.outbox.deliverDue().finally(() => this.deliveryPasses--);
    this.d.waitUntil(
      pass
        .then(() => (this.deliveryPasses === 0 ? this.d.armWatchdog() : undefined))
        // Deliveries of an ended life stop there: the session they belonged to is gone.
        .catch(unlessStorageClosed)
        .catch((e: unknown) => console.error("webhook delivery failed", e)),
    );
  }

  /** Redaction, retention and webhook hooks of the trace, built once per life. */
  private tracePolicy(): TracePolicy {
    this.trace ??= createTracePolicy(
      this.d.env(),
      () => this.store.id() ?? "",
      this.outbox,
      () => this.deliverWebhooks(),
    );
    return this.trace;
  }
}
