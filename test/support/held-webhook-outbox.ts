// A session's webhook outbox over Node's SQLite whose configuration broke after a delivery was queued: the
// delivery was queued under `valid`, and the outbox now reads `valid` plus a trace setting that does not
// parse, until `fix()` gives it `valid` again. What each attempt recorded is in `recorded`.
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { webhookSettings } from "../../src/session/trace/trace-policy";
import { WebhookOutbox } from "../../src/session/trace/webhook-outbox";
import { nodeSqlStorage } from "./sqlite-storage";

export function outboxHeldByABrokenConfig(valid: Record<string, string>, eventId: string) {
  let env: Record<string, string> = { ...valid, TRACE_MAX_EVENTS: "lots" };
  const recorded: Array<{ outcome: string; attempt: number; error?: string; nextAttemptAt?: string }> = [];
  const tables = new OnDemandTables<"webhook_outbox">(nodeSqlStorage(), SESSION_ON_DEMAND_TABLES, true);
  const outbox = new WebhookOutbox(
    tables,
    () => webhookSettings(env),
    (_runId, e) => recorded.push(e),
  );
  const payload = { id: eventId, sessionId: "s-held", runId: "run_1", seq: 1, at: new Date().toISOString(), type: "run.completed", data: {} };
  const queued = new WebhookOutbox(
    tables,
    () => webhookSettings(valid),
    () => {},
  ).enqueue(payload);
  return { outbox, recorded, queued, fix: () => void (env = valid) };
}
