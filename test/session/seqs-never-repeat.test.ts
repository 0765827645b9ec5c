// The trace and the message history give out their seqs themselves (no AUTOINCREMENT, no INSERT …
// RETURNING: src/lib/seq-counter.ts): they still grow by one per row, match what is stored, and are never
// given twice, not after the newest run's rows are deleted and not when a new store (the object restarted)
// takes over the same database. A message split into chunks still finds its chunks by the seq it was stored under.
import { describe, expect, it } from "vitest";
import type { SourcedEvent } from "../../src/agent";
import { SESSION_BASELINE } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
import { nodeSqlStorage } from "../support/sqlite-storage";

const event = (n: number): SourcedEvent => ({ type: "todo.reminded", idleTurns: n });

function freshSql() {
  const sql = nodeSqlStorage();
  sql.exec(SESSION_BASELINE);
  return sql;
}

describe("trace seqs", () => {
  it("grow by one per event and are the seqs stored", () => {
    const store = new SessionStore(freshSql());
    const seqs = [1, 2, 3].map((n) => store.trace.append("run_a", event(n)).seq);
    expect(seqs).toEqual([1, 2, 3]);
    expect(store.trace.read({}).map((r) => [r.seq, r.event])).toEqual(seqs.map((s, i) => [s, event(i + 1)]));
  });

  it("are not given again after the newest run is deleted, nor by a new store on the same database", () => {
    const sql = freshSql();
    const first = new SessionStore(sql);
    first.runs.insert("run_a", "a", { stream: false, paradigm: "react", maxSteps: 3, channel: "http" });
    first.trace.append("run_a", event(1));
    first.runs.insert("run_b", "b", { stream: false, paradigm: "react", maxSteps: 3, channel: "http" });
    const newest = first.trace.append("run_b", event(2)).seq;
    first.deleteRun("run_b");
    expect(first.trace.append("run_a", event(3)).seq).toBe(newest + 1);
    first.deleteRun("run_a");

    const restarted = new SessionStore(sql);
    expect(restarted.trace.append(null, event(4)).seq).toBe(newest + 2);
    expect(restarted.trace.read({}).map((r) => r.seq)).toEqual([newest + 2]);
  });

  it("of messages are not given again after the newest run is deleted, nor by a new store on the same database", () => {
    const sql = freshSql();
    const first = new SessionStore(sql);
    const message = (n: number) => ({ role: "user" as const, id: `msg_${n}`, createdAt: "2026-12-07T00:00:00Z", content: `m${n}` });
    first.runs.insert("run_a", "a", { stream: false, paradigm: "react", maxSteps: 3, channel: "http" });
    first.appendMessage(message(1), "run_a");
    first.runs.insert("run_b", "b", { stream: false, paradigm: "react", maxSteps: 3, channel: "http" });
    first.appendMessage(message(2), "run_b");
    first.appendMessage(message(3), "run_b");
    first.deleteRun("run_b");
    first.appendMessage(message(4), "run_a");
    expect(first.messages().map((m) => [m.id, m.seq])).toEqual([
      ["msg_1", 1],
      ["msg_4", 4],
    ]);
    first.deleteRun("run_a");

    const restarted = new SessionStore(sql);
    restarted.appendMessage(message(5), null);
    expect(restarted.messages().map((m) => [m.id, m.seq])).toEqual([["msg_5", 5]]);
  });

  it("leave a long message's chunks found under its seq", () => {
    const store = new SessionStore(freshSql());
    store.appendMessage({ role: "user", id: "msg_1", createdAt: "2026-12-06T00:00:00Z", content: "short" }, null);
    const long = "x".repeat(700_000);
    store.appendMessage({ role: "user", id: "msg_2", createdAt: "2026-12-06T00:00:01Z", content: long }, null);
    const read = store.messages();
    expect(read.map((m) => m.seq)).toEqual([1, 2]);
    expect(read[1]).toMatchObject({ id: "msg_2", content: long });
  });
});
