// The webhook outbox: each delivery is a row in the session's SQLite, written in the same turn as the
// trace event it carries, so a restart loses none. A delivery is tried at once, then retried by the
// session's alarm with exponential backoff (WEBHOOK_RETRY_BASE_MS doubling, at most
// WEBHOOK_MAX_RETRY_DELAY_MS apart) until it succeeds or WEBHOOK_RETRY_FOR_MS have passed. Every attempt
// is recorded in the trace as webhook.attempt. A row is deleted once delivered, so a receiver that
// deduplicates on webhook-id sees each event once.
import type { AgentEvent } from "../../agent";
import type { SharedTables } from "../../lib/on-demand-tables";
import { attemptDelivery, originOf, wantsEvent, type AttemptOptions, type AttemptResult, type HookPayload, type WebhookHook } from "./webhooks";

export interface OutboxSettings extends AttemptOptions {
  /** The trace's settings do not parse: `webhooks` are the defaults' (none), and a delivery is held, not dropped. */
  configInvalid?: boolean;
  webhooks: readonly WebhookHook[];
  retryBaseMs: number;
  maxRetryDelayMs: number;
  retryForMs: number;
}

type AttemptEvent = Extract<AgentEvent, { type: "webhook.attempt" }>;

/** Deliveries attempted at once per session. */
export const MAX_IN_FLIGHT = 4;

interface OutboxRow {
  webhook_id: string;
  url: string;
  run_id: string | null;
  body: string;
  attempts: number;
  created_at: number;
}

export class WebhookOutbox {
  /** Rows being attempted by this instance, so an alarm and a fresh event do not send one twice. */
  private readonly inFlight = new Set<string>();

  constructor(
    /** The outbox's table, created by the first delivery queued (schema.ts). */
    private readonly tables: SharedTables<"webhook_outbox">,
    private readonly settings: () => OutboxSettings,
    private readonly record: (runId: string | null, event: AttemptEvent) => void,
  ) {}

  /** Queues the event for every webhook that wants it; true when any does. Synchronous: it commits with the event. */
  enqueue(payload: HookPayload): boolean {
    const targets = this.settings().webhooks.filter((h) => wantsEvent(h, payload.type));
    const now = Date.now();
    const body = JSON.stringify(payload);
    for (const hook of targets) {
      this.tables.insert(
        "webhook_outbox",
        "INSERT OR IGNORE INTO webhook_outbox (webhook_id, url, run_id, body, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        payload.id,
        hook.url,
        payload.runId,
        body,
        now,
        now,
      );
    }
    return targets.length > 0;
  }

  /** Attempts every delivery that is due, a few at a time. */
  async deliverDue(now = Date.now()): Promise<void> {
    for (;;) {
      const due = this.tables
        .rows<OutboxRow & Record<string, SqlStorageValue>>(
          "webhook_outbox",
          "SELECT * FROM webhook_outbox WHERE next_at <= ? ORDER BY next_at, created_at",
          now,
        )
        .filter((r) => !this.inFlight.has(rowKey(r)))
        .slice(0, MAX_IN_FLIGHT);
      if (!due.length) return;
      await Promise.all(due.map((r) => this.attempt(r)));
    }
  }

  private async attempt(row: OutboxRow): Promise<void> {
    const key = rowKey(row);
    this.inFlight.add(key);
    try {
      const settings = this.settings();
      // A lease: the row is not due again while this attempt may run (nor after a crash, until it expires).
      this.tables.change(
        "webhook_outbox",
        "UPDATE webhook_outbox SET next_at = ? WHERE webhook_id = ? AND url = ?",
        Date.now() + 2 * settings.timeoutMs,
        row.webhook_id,
        row.url,
      );
      const hook = settings.webhooks.find((h) => h.url === row.url);
      const payload = JSON.parse(row.body) as HookPayload;
      const attempt = row.attempts + 1;
      const base = { webhookId: row.webhook_id, event: payload.type, origin: originOf(row.url), attempt };
      if (!hook && !settings.configInvalid) {
        // The webhook was removed from the config since: nothing to deliver to.
        this.remove(row);
        this.record(row.run_id, { type: "webhook.attempt", ...base, outcome: "gave_up", error: "the webhook is no longer configured" });
        return;
      }
      // A configuration that does not parse says nothing of this webhook: wait for it like for a receiver that is down.
      const result: AttemptResult = hook
        ? await attemptDelivery(hook, payload, row.body, attempt, settings)
        : { delivered: false, retry: true, error: "the configuration is invalid (config_invalid): held until it is fixed" };
      const status = result.status !== undefined ? { status: result.status } : {};
      if (result.delivered) {
        this.remove(row);
        this.record(row.run_id, { type: "webhook.attempt", ...base, outcome: "delivered", ...status });
        return;
      }
      // A hold is no attempt: the count and the WEBHOOK_RETRY_FOR_MS window stand still (the window moves on by
      // the wait), and its wait grows with the event's age, so a configuration broken for days is not polled every second.
      const wait = Math.min(
        hook ? settings.retryBaseMs * 2 ** (attempt - 1) : Math.max(Date.now() - Date.parse(payload.at), settings.retryBaseMs),
        settings.maxRetryDelayMs,
      );
      const nextAt = Date.now() + wait;
      if (result.retry && (!hook || nextAt <= row.created_at + settings.retryForMs)) {
        this.tables.change(
          "webhook_outbox",
          "UPDATE webhook_outbox SET attempts = ?, next_at = ?, created_at = created_at + ? WHERE webhook_id = ? AND url = ?",
          hook ? attempt : row.attempts,
          nextAt,
          hook ? 0 : wait,
          row.webhook_id,
          row.url,
        );
        this.record(row.run_id, {
          type: "webhook.attempt",
          ...base,
          outcome: "retrying",
          ...status,
          error: result.error,
          nextAttemptAt: new Date(nextAt).toISOString(),
        });
        return;
      }
      this.remove(row);
      this.record(row.run_id, { type: "webhook.attempt", ...base, outcome: "gave_up", ...status, error: result.error });
      console.warn(`webhook ${base.origin}: gave up on ${payload.type} ${row.webhook_id} after ${attempt} attempts: ${result.error}`);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private remove(row: OutboxRow): void {
    this.tables.change("webhook_outbox", "DELETE FROM webhook_outbox WHERE webhook_id = ? AND url = ?", row.webhook_id, row.url);
  }
}

const rowKey = (r: OutboxRow) => `${r.webhook_id} ${r.url}`;
