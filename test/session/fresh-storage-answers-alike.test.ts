// A life that begins on a storage migrate() has just laid the schema on (`fresh`) skips its stores' first
// look-ups: whether the session exists, its todo list, the trace's seq high-water mark, which tables
// created on first write exist, whether any approval was ever stored. It must answer exactly as stores
// that looked: the same operations on two new sessions in SQLite (node:sqlite), one told it is fresh.
import { describe, expect, it } from "vitest";
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { ApprovalStore } from "../../src/session/interactions/approval-store";
import { RequestDedupe } from "../../src/session/runs/request-dedupe";
import { SESSION_BASELINE, SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
import { nodeSqlStorage } from "../support/sqlite-storage";

const options = { stream: false, paradigm: "react" as const, maxSteps: 3, channel: "http" };
const key = { idempotencyKey: { key: "k", fingerprint: "f" } };

function firstLife(fresh: boolean) {
  const sql = nodeSqlStorage();
  sql.exec(SESSION_BASELINE);
  const store = new SessionStore(sql, fresh);
  const approvals = new ApprovalStore(sql, new OnDemandTables(sql, SESSION_ON_DEMAND_TABLES, fresh), fresh);
  const dedupe = new RequestDedupe(sql, fresh);
  const seen: unknown[] = [store.exists(), store.todos()];
  store.create("s1");
  store.setTodos([{ id: "1", text: "limits", status: "in_progress" }]);
  seen.push(store.exists(), store.todos(), new SessionStore(sql).todos());
  store.runs.insert("run_a", "hi", options);
  seen.push(store.trace.append("run_a", { type: "run.started", runId: "run_a" }).seq);
  seen.push(
    approvals.forCall("run_a", "call_1"),
    store.toolOutput("call_1"),
    store.latestCompaction(),
    dedupe.repeatOf(key, { input: "hi", options }, undefined),
  );
  approvals.insert({
    approvalId: "appr_1",
    runId: "run_a",
    callId: "call_1",
    name: "save_document",
    args: {},
    createdAt: "2026-12-06T00:00:00Z",
    expiresAt: 1,
  });
  seen.push(approvals.forCall("run_a", "call_1")?.approvalId);
  store.putToolOutput("call_1", "run_a", "a long output");
  dedupe.remember(key, "run_a", { idempotencyTtlMs: 60_000 });
  seen.push(store.toolOutput("call_1"), dedupe.repeatOf(key, { input: "hi", options }, undefined));
  seen.push(
    store.trace.append("run_a", { type: "run.completed", runId: "run_a", status: "completed", output: "", steps: 0, usage: store.runs.get("run_a")!.usage })
      .seq,
  );
  const tables = sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .toArray()
    .map((r) => r.name)
    .filter((n) => n in SESSION_ON_DEMAND_TABLES)
    .sort();
  return { seen, tables };
}

describe("a life that begins on a freshly laid schema", () => {
  it("answers as one that looked: the same seqs, tables, approvals, kept outputs and repeats", () => {
    const fresh = firstLife(true);
    expect(fresh).toEqual(firstLife(false));
    const todos = [{ id: "1", text: "limits", status: "in_progress" }];
    expect(fresh.seen).toEqual([
      false,
      [],
      true,
      todos,
      todos,
      1,
      undefined,
      undefined,
      undefined,
      undefined,
      "appr_1",
      "a long output",
      { ok: true, runId: "run_a" },
      2,
    ]);
    expect(fresh.tables).toEqual(["approvals", "idempotency_keys", "tool_outputs"]);
  });
});
