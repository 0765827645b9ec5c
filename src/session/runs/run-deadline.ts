// RUN_TIMEOUT_MS: each execution of a run gets a wall-clock budget. Past it the run's signal aborts,
// exactly like a cancel (the model request and tools stop at once, nothing half-written is kept),
// and the driver reports the run as failed with code run_timeout. Time spent queued or waiting for
// approval does not count: a resumed run gets a fresh budget; time waiting for the answer to an MCP
// server's question (the execution held open) does not count either.
import type { RunResult } from "../../agent";
import { PausableTimer } from "../../lib/pausable-timer";

export interface RunDeadline {
  /** Aborts on the parent's cancel or at the deadline. */
  signal: AbortSignal;
  /** A run that stopped because the deadline passed (not because it was cancelled) failed. */
  verdict<R extends RunResult>(result: R): R;
  /** Stops the clock until `waiting` settles (a person is being asked). */
  hold<T>(waiting: Promise<T>): Promise<T>;
  clear(): void;
}

export function runDeadline(parent: AbortSignal, ms: number): RunDeadline {
  const timer = new AbortController();
  const clock = new PausableTimer(ms, () => timer.abort(new Error(`the run took longer than ${ms} ms`)));
  return {
    signal: AbortSignal.any([parent, timer.signal]),
    verdict: (result) =>
      result.status === "cancelled" && timer.signal.aborted && !parent.aborted
        ? { ...result, status: "failed", error: { code: "run_timeout", message: `The run took longer than RUN_TIMEOUT_MS (${ms} ms) and was stopped.` } }
        : result,
    hold: (waiting) => clock.hold(waiting),
    clear: () => clock.clear(),
  };
}
