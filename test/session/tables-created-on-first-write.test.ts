// A new session's schema leaves out the tables few sessions write to (schema.ts's on-demand tables): a
// read of one not created yet finds nothing, a delete has nothing to delete, and the first write creates
// it. Over the real schema in SQLite (node:sqlite), with the stores that own each table; the approvals
// table (approvals, MCP questions, client tool calls) and the webhook outbox through the one instance
// their stores share, which the alarm's plan asks too.
import { describe, expect, it } from "vitest";
import { OnDemandTables, type SharedTables } from "../../src/lib/on-demand-tables";
import { readAlarmPlan } from "../../src/session/alarm-plan";
import { ApprovalStore } from "../../src/session/interactions/approval-store";
import { ClientToolCalls } from "../../src/session/interactions/client-tool-calls";
import { InputStore } from "../../src/session/interactions/input-store";
import { RequestDedupe } from "../../src/session/runs/request-dedupe";
import { SESSION_BASELINE, SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
import { WebhookOutbox } from "../../src/session/trace/webhook-outbox";
import { nodeSqlStorage } from "../support/sqlite-storage";

function newSession() {
  const sql = nodeSqlStorage();
  sql.exec(SESSION_BASELINE);
  const tables = () =>
    sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((r) => r.name)
      .filter((n) => n in SESSION_ON_DEMAND_TABLES);
  const shared = new OnDemandTables<"approvals" | "webhook_outbox">(sql, SESSION_ON_DEMAND_TABLES);
  return { sql, tables, shared };
}

/** An outbox with one webhook that wants every run event (its receiver is never reached: nothing is delivered here). */
const outboxOf = (shared: SharedTables<"webhook_outbox">) =>
  new WebhookOutbox(
    shared,
    () => ({
      webhooks: [{ url: "https://hooks.example/run", events: ["run.*"], secret: "0123456789abcdef" }],
      allowPrivate: false,
      timeoutMs: 1000,
      retryBaseMs: 1000,
      maxRetryDelayMs: 60_000,
      retryForMs: 3_600_000,
    }),
    () => undefined,
  );

const options = { stream: false, paradigm: "react" as const, maxSteps: 3, channel: "http" };

describe("tables created on their first write", () => {
  it("are absent from a new session, which still reads, deletes and runs without them", async () => {
    const { sql, tables, shared } = newSession();
    const store = new SessionStore(sql);
    const dedupe = new RequestDedupe(sql);
    expect(tables()).toEqual([]);
    store.runs.insert("run_a", "hi", options);
    store.appendMessage({ role: "user", id: "msg_1", createdAt: "2026-12-06T00:00:00Z", content: "hi" }, "run_a");
    expect(store.toolOutput("call_1")).toBeUndefined();
    expect(store.latestCompaction()).toBeUndefined();
    expect(new ApprovalStore(sql, shared).sessionRules()).toEqual([]);
    expect(dedupe.repeatOf({ idempotencyKey: { key: "k", fingerprint: "f" } }, { input: "hi", options }, store.runs.last())).toBeUndefined();
    expect(dedupe.lastExpiry()).toBeUndefined();
    const approvals = new ApprovalStore(sql, shared);
    expect([approvals.get("appr_1"), approvals.forCall("run_a", "call_1"), approvals.pending("run_a"), approvals.due(Date.now())]).toEqual([
      undefined,
      undefined,
      [],
      [],
    ]);
    expect(approvals.settle("appr_1", "denied", "someone")).toBe(false);
    const inputs = new InputStore(shared);
    expect([inputs.get("in_1"), inputs.pending(), inputs.pending("run_a"), inputs.due(Date.now())]).toEqual([undefined, [], [], []]);
    expect(inputs.settle("in_1", "declined", "someone")).toBe(false);
    const calls = new ClientToolCalls(shared, store, () => undefined);
    expect([calls.pending("run_a"), calls.due(Date.now())]).toEqual([[], []]);
    calls.withdraw("run_a", "gone");
    expect(readAlarmPlan(sql, shared)).toEqual({ working: true, continuing: false, nextExpiry: undefined, nextDelivery: undefined, releaseAt: Infinity });
    dedupe.forget("run_a");
    store.deleteRun("run_a");
    expect(store.messages()).toEqual([]);
    // An outbox with nothing queued has nothing due, and queues nothing for an event no webhook wants.
    await outboxOf(shared).deliverDue();
    expect(outboxOf(shared).enqueue({ id: "evt_1", sessionId: "s1", runId: null, seq: 1, at: "2026-12-07T00:00:00Z", type: "todo.updated", data: {} })).toBe(
      false,
    );
    expect(tables()).toEqual([]);
  });

  it("are created by the first write to each, which later reads find", async () => {
    const { sql, tables, shared } = newSession();
    const store = new SessionStore(sql);
    store.putToolOutput("call_1", null, "a long output");
    expect(store.toolOutput("call_1")).toBe("a long output");
    const long = "y".repeat(600_000);
    store.appendMessage({ role: "user", id: "msg_1", createdAt: "2026-12-06T00:00:00Z", content: long }, null);
    expect(store.messages()[0]).toMatchObject({ content: long });
    const compaction = { id: "summary_1", throughMessageId: "msg_1", summary: "S", skills: [], createdAt: "2026-12-06T00:00:00Z" };
    store.saveCompaction(compaction, null);
    expect(new SessionStore(sql).latestCompaction()).toEqual(compaction);
    new ApprovalStore(sql, shared).remember({ tool: "save_document", action: "allow" });
    expect(new ApprovalStore(sql, shared).sessionRules()).toEqual([{ tool: "save_document", action: "allow" }]);
    const dedupe = new RequestDedupe(sql);
    dedupe.remember({ idempotencyKey: { key: "k", fingerprint: "f" } }, "run_a", { idempotencyTtlMs: 60_000 });
    expect(new RequestDedupe(sql).repeatOf({ idempotencyKey: { key: "k", fingerprint: "f" } }, { input: "hi", options }, undefined)).toEqual({
      ok: true,
      runId: "run_a",
    });
    // The stores sharing a table see what any of them wrote.
    store.runs.insert("run_a", "hi", options);
    new ApprovalStore(sql, shared).insert({
      approvalId: "appr_1",
      runId: "run_a",
      callId: "call_1",
      name: "save_document",
      args: {},
      createdAt: "2026-12-07T00:00:00Z",
      expiresAt: 5,
    });
    new InputStore(shared).insert({
      inputId: "in_1",
      runId: "run_a",
      server: "notes",
      message: "Which?",
      requestedSchema: {},
      createdAt: "2026-12-07T00:00:00Z",
      expiresAt: 7,
    });
    const calls = new ClientToolCalls(shared, store, () => undefined);
    expect(calls.open("run_a", [{ callId: "call_2", name: "lookup", args: "{}" }], 60_000)).toHaveLength(1);
    expect(new ApprovalStore(sql, shared).pending("run_a").map((a) => a.approvalId)).toEqual(["appr_1"]);
    expect(new InputStore(shared).pending("run_a").map((i) => i.inputId)).toEqual(["in_1"]);
    const enqueuedAt = Date.now();
    expect(outboxOf(shared).enqueue({ id: "evt_1", sessionId: "s1", runId: "run_a", seq: 1, at: "2026-12-07T00:00:00Z", type: "run.started", data: {} })).toBe(
      true,
    );
    const plan = readAlarmPlan(sql, shared);
    expect(plan.nextExpiry).toBe(5);
    expect(plan.nextDelivery).toBeGreaterThanOrEqual(enqueuedAt);
    expect(tables().sort()).toEqual(Object.keys(SESSION_ON_DEMAND_TABLES).sort());
  });
});
