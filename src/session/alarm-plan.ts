// What the Session object's alarm has to do, read in one statement: every alarm (and every step of a run
// driven step by step, RUN_STEPS_PER_INVOCATION) asked its stores one by one, six look-ups or more, most
// of them for rows that do not exist. Approvals and MCP questions share the approvals table; it and the
// webhook outbox are asked about only once they exist (they are created on their first row: schema.ts).
import type { SharedTables } from "../lib/on-demand-tables";

export interface AlarmPlan {
  /** Runs wait to execute or are executing: the watchdog stays armed. */
  working: boolean;
  /** A run waits for an execution to continue it (it yielded between steps, or its pause was settled). */
  continuing: boolean;
  /** The earliest expiry of a pending approval or question; undefined with none pending. */
  nextExpiry: number | undefined;
  /** When the next webhook delivery is due; undefined with none waiting. */
  nextDelivery: number | undefined;
  /** When a released stateless session goes (its `expires_at`); Infinity when it stays. */
  releaseAt: number;
}

type PlanRow = { working: number; continuing: number; expiry: number | null; delivery: number | null; release: string | null };

export function readAlarmPlan(sql: SqlStorage, tables: SharedTables<"approvals" | "webhook_outbox">): AlarmPlan {
  const expiry = tables.has("approvals") ? "(SELECT MIN(expires_at) FROM approvals WHERE status = 'pending')" : "NULL";
  const delivery = tables.has("webhook_outbox") ? "(SELECT MIN(next_at) FROM webhook_outbox)" : "NULL";
  const row = sql
    .exec<PlanRow>(
      `SELECT EXISTS (SELECT 1 FROM runs WHERE status IN ('running', 'queued')) AS working,
        EXISTS (SELECT 1 FROM runs WHERE status = 'running' AND resume = 1) AS continuing,
        ${expiry} AS expiry,
        ${delivery} AS delivery,
        (SELECT value FROM meta WHERE key = 'expires_at') AS release`,
    )
    .one();
  return {
    working: row.working === 1,
    continuing: row.continuing === 1,
    nextExpiry: row.expiry ?? undefined,
    nextDelivery: row.delivery ?? undefined,
    releaseAt: Number(row.release ?? Infinity),
  };
}
