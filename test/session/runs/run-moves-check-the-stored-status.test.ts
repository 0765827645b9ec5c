// A run's status changes in one statement that checks the status the row has now, not the one the caller
// read earlier (run-lifecycle.ts, run-store.ts move): a run cancelled under its execution is not
// brought back to running or to completed, a deleted run is written nowhere, an ending keeps its first
// finished_at and drops the run's state, and a start stamps started_at. Over the real schema in SQLite (node:sqlite).
import { describe, expect, it } from "vitest";
import { RunLifecycle } from "../../../src/session/runs/run-lifecycle";
import { SESSION_BASELINE } from "../../../src/session/schema";
import { SessionStore } from "../../../src/session/session-store";
import { nodeSqlStorage } from "../../support/sqlite-storage";

const options = { stream: false, paradigm: "react" as const, maxSteps: 3, channel: "http" };
const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };

function session() {
  const sql = nodeSqlStorage();
  sql.exec(SESSION_BASELINE);
  const store = new SessionStore(sql, true);
  return { store, lifecycle: new RunLifecycle(store) };
}

describe("a run's status change", () => {
  it("starts a queued run (its row as inserted, stamped started) and ends it with its counters, once", () => {
    const { store, lifecycle } = session();
    const queued = store.runs.insert("run_a", "hi", options);
    expect(queued).toEqual(store.runs.get("run_a"));
    expect(queued).toMatchObject({ status: "queued", steps: 0, output: "", resume: false });
    expect(queued.startedAt).toBeUndefined();
    expect(lifecycle.begin(queued)).toBe("start");
    expect(store.runs.get("run_a")).toMatchObject({ status: "running", startedAt: expect.any(String) });
    store.runs.saveState("run_a", '{"pages":[]}');
    lifecycle.stop(queued, "completed", { output: "done", steps: 2, usage, error: null });
    const ended = store.runs.get("run_a")!;
    expect(ended).toMatchObject({ status: "completed", output: "done", steps: 2, usage, finishedAt: expect.any(String) });
    expect(ended.state).toBeUndefined();
    // The same status again writes its patch, and the first finished_at stays.
    lifecycle.stop(queued, "completed", { output: "done again" });
    expect(store.runs.get("run_a")).toMatchObject({ status: "completed", output: "done again", steps: 2, finishedAt: ended.finishedAt });
  });

  it("is refused against the status the row has now: a run cancelled under its execution stays cancelled", () => {
    const { store, lifecycle } = session();
    const run = store.runs.insert("run_a", "hi", options);
    lifecycle.begin(run);
    // Its execution still holds the row it read (running) when the run is cancelled.
    lifecycle.stop(run, "cancelled");
    expect(() => lifecycle.stop({ ...run, status: "running" }, "completed", { output: "late" })).toThrow(/cannot go from cancelled to completed/);
    expect(() => lifecycle.begin(run)).toThrow(/cannot go from cancelled to running/);
    expect(store.runs.get("run_a")).toMatchObject({ status: "cancelled", output: "" });
  });

  it("writes nothing for a deleted run, and refuses what its last known status forbids", () => {
    const { store, lifecycle } = session();
    const run = store.runs.insert("run_a", "hi", options);
    lifecycle.begin(run);
    store.deleteRun("run_a");
    lifecycle.stop({ ...run, status: "running" }, "completed", { output: "gone" });
    expect(store.runs.get("run_a")).toBeUndefined();
    expect(() => lifecycle.stop({ ...run, status: "completed" }, "failed")).toThrow(/cannot go from completed to failed/);
  });
});
