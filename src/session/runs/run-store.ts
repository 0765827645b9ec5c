// A session's runs in its Durable Object's SQLite (the `runs` table, their usage by model included); the
// session store (session-store.ts) holds it as `runs`. A run's status changes only through move(), which
// run-lifecycle.ts calls.
import type { RunStatus, Usage } from "../../agent";
import { isUnfinished } from "./run-lifecycle";
import { type RunOptions, type RunPatch, type RunRow, toRun } from "./run-row";
import type { RunTally } from "./run-tally";

type Row = Record<string, SqlStorageValue>;

/** The placeholders of an SQL `IN (…)` list of `values`. */
const inList = (values: readonly unknown[]): string => values.map(() => "?").join(", ");

export class RunStore {
  constructor(private readonly sql: SqlStorage) {}

  insert(runId: string, input: string, options: RunOptions): RunRow {
    const at = new Date().toISOString();
    // The row as stored (its defaults included) in the same statement, not read back in a second one.
    const row = this.sql
      .exec<Row>(
        "INSERT INTO runs (id, status, input, options, created_at) VALUES (?, 'queued', ?, ?, ?) RETURNING *",
        runId,
        input,
        JSON.stringify(options),
        at,
      )
      .one();
    return toRun(row);
  }

  get(runId: string): RunRow | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM runs WHERE id = ?", runId).toArray()[0];
    return row ? toRun(row) : undefined;
  }

  all(): RunRow[] {
    return this.sql.exec<Row>("SELECT * FROM runs ORDER BY created_at, rowid").toArray().map(toRun);
  }

  /** The newest run: what a retry would repeat (request-dedupe.ts); one row, not the session's every run. */
  last(): RunRow | undefined {
    const row = this.sql.exec<Row>("SELECT * FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1").toArray()[0];
    return row ? toRun(row) : undefined;
  }

  /**
   * Runs in these statuses, oldest first (run-lifecycle.ts reads the line from here). Every run start asks
   * this, so it reads only those rows: reading and parsing all of a long session's runs cost milliseconds.
   */
  inStatus(...statuses: RunStatus[]): RunRow[] {
    return this.sql
      .exec<Row>(`SELECT * FROM runs WHERE status IN (${inList(statuses)}) ORDER BY rowid`, ...statuses)
      .toArray()
      .map(toRun);
  }

  anyIn(...statuses: RunStatus[]): boolean {
    return this.sql.exec(`SELECT 1 FROM runs WHERE status IN (${inList(statuses)}) LIMIT 1`, ...statuses).toArray().length > 0;
  }

  /** A running run's execution yielded between steps: its counters and its resume mark, in one write; false when it is not running. */
  markYielded(runId: string, steps: number, usage: Usage): boolean {
    return (
      this.sql.exec("UPDATE runs SET steps = ?, usage = ?, resume = 1 WHERE id = ? AND status = 'running'", steps, JSON.stringify(usage), runId).rowsWritten > 0
    );
  }

  /** Marks a running run as continuing after its pause or its yield (true) or clears the mark when its execution takes it up. */
  setResume(runId: string, resume: boolean): void {
    this.sql.exec("UPDATE runs SET resume = ? WHERE id = ?", resume ? 1 : 0, runId);
  }

  /** A run's options as a resuming request changes them (client-tool-calls.ts). */
  setOptions(runId: string, options: RunOptions): void {
    this.sql.exec("UPDATE runs SET options = ? WHERE id = ?", JSON.stringify(options), runId);
  }

  /**
   * Moves a run to `to` and applies `patch`, in one statement that checks the status the row has now: it
   * is one of `from` (run-lifecycle.ts, the one caller, says which may lead to `to`). False when it is not,
   * or the run is gone. A run that ends keeps its first finished_at and drops its state (it may hold whole
   * skills); `started` stamps started_at.
   */
  move(runId: string, from: readonly RunStatus[], to: RunStatus, patch: RunPatch = {}): boolean {
    const sets = ["status = ?"];
    const values: SqlStorageValue[] = [to];
    const set = (column: string, value: SqlStorageValue) => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.output !== undefined) set("output", patch.output);
    if (patch.steps !== undefined) set("steps", patch.steps);
    if (patch.usage !== undefined) set("usage", JSON.stringify(patch.usage));
    if (patch.error !== undefined) set("error", patch.error === null ? null : JSON.stringify(patch.error));
    if (patch.started) set("started_at", new Date().toISOString());
    if (isUnfinished(to)) sets.push("finished_at = NULL");
    else {
      sets.push("finished_at = COALESCE(finished_at, ?)", "state = NULL");
      values.push(new Date().toISOString());
    }
    return this.sql.exec(`UPDATE runs SET ${sets.join(", ")} WHERE id = ? AND status IN (${inList(from)})`, ...values, runId, ...from).rowsWritten > 0;
  }

  /** Keeps an unfinished run's RunState snapshot (RunRow.state) for the invocation that continues it. */
  saveState(runId: string, snapshot: string): void {
    this.sql.exec("UPDATE runs SET state = ? WHERE id = ?", snapshot, runId);
  }

  /**
   * A step's checkpoint of a running run, its status untouched: its counters, its usage by model and, when it
   * changed, its state. One statement, since every model call pays for it.
   */
  checkpoint(runId: string, tally: Pick<RunTally, "steps" | "usage" | "usageByModel">, state?: string): void {
    const usage = JSON.stringify(tally.usage);
    const byModel = JSON.stringify(tally.usageByModel);
    if (state === undefined) this.sql.exec("UPDATE runs SET steps = ?, usage = ?, usage_by_model = ? WHERE id = ?", tally.steps, usage, byModel, runId);
    else this.sql.exec("UPDATE runs SET steps = ?, usage = ?, usage_by_model = ?, state = ? WHERE id = ?", tally.steps, usage, byModel, state, runId);
  }

  /** The run's usage by model after a model call that is not one of its steps (a subagent's, a summary, a check). */
  saveUsageByModel(runId: string, usageByModel: Record<string, Usage>): void {
    this.sql.exec("UPDATE runs SET usage_by_model = ? WHERE id = ?", JSON.stringify(usageByModel), runId);
  }

  /** Deletes the run's row (SessionStore.deleteRun deletes the rest of it). */
  delete(runId: string): void {
    this.sql.exec("DELETE FROM runs WHERE id = ?", runId);
  }
}
