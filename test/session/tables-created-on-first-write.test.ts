// A new session's schema leaves out the tables few sessions write to (schema.ts's on-demand tables): a
// read of one not created yet finds nothing, a delete has nothing to delete, and the first write creates
// it. Over the real schema in SQLite (node:sqlite), with the stores that own each table.
import { describe, expect, it } from "vitest";
import { ApprovalStore } from "../../src/session/interactions/approval-store";
import { RequestDedupe } from "../../src/session/runs/request-dedupe";
import { SESSION_BASELINE, SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
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
  return { sql, tables };
}

const options = { stream: false, paradigm: "react" as const, maxSteps: 3, channel: "http" };

describe("tables created on their first write", () => {
  it("are absent from a new session, which still reads, deletes and runs without them", () => {
    const { sql, tables } = newSession();
    const store = new SessionStore(sql);
    const dedupe = new RequestDedupe(sql);
    expect(tables()).toEqual([]);
    store.runs.insert("run_a", "hi", options);
    store.appendMessage({ role: "user", id: "msg_1", createdAt: "2026-12-06T00:00:00Z", content: "hi" }, "run_a");
    expect(store.toolOutput("call_1")).toBeUndefined();
    expect(store.latestCompaction()).toBeUndefined();
    expect(new ApprovalStore(sql).sessionRules()).toEqual([]);
    expect(dedupe.repeatOf({ idempotencyKey: { key: "k", fingerprint: "f" } }, { input: "hi", options }, store.runs.last())).toBeUndefined();
    expect(dedupe.lastExpiry()).toBeUndefined();
    dedupe.forget("run_a");
    store.deleteRun("run_a");
    expect(store.messages()).toEqual([]);
    expect(tables()).toEqual([]);
  });

  it("are created by the first write to each, which later reads find", () => {
    const { sql, tables } = newSession();
    const store = new SessionStore(sql);
    store.putToolOutput("call_1", null, "a long output");
    expect(store.toolOutput("call_1")).toBe("a long output");
    const long = "y".repeat(600_000);
    store.appendMessage({ role: "user", id: "msg_1", createdAt: "2026-12-06T00:00:00Z", content: long }, null);
    expect(store.messages()[0]).toMatchObject({ content: long });
    const compaction = { id: "summary_1", throughMessageId: "msg_1", summary: "S", skills: [], createdAt: "2026-12-06T00:00:00Z" };
    store.saveCompaction(compaction, null);
    expect(new SessionStore(sql).latestCompaction()).toEqual(compaction);
    new ApprovalStore(sql).remember({ tool: "save_document", action: "allow" });
    expect(new ApprovalStore(sql).sessionRules()).toEqual([{ tool: "save_document", action: "allow" }]);
    const dedupe = new RequestDedupe(sql);
    dedupe.remember({ idempotencyKey: { key: "k", fingerprint: "f" } }, "run_a", { idempotencyTtlMs: 60_000 });
    expect(new RequestDedupe(sql).repeatOf({ idempotencyKey: { key: "k", fingerprint: "f" } }, { input: "hi", options }, undefined)).toEqual({
      ok: true,
      runId: "run_a",
    });
    expect(tables().sort()).toEqual(Object.keys(SESSION_ON_DEMAND_TABLES).sort());
  });
});
