// A session object's run executor (src/session/runs/run-executor.ts), read in the object's memory: a test that
// must show a run does nothing more (after a cancel, a delete, an alarm) waits until the executor is idle
// instead of sleeping. Idle means no run's execution is under way and no pump looks for the next run in
// line: whatever a stopped run would still write, it has written by then.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { waitFor } from "./wait-for";

/** What this reads of a RunExecutor (`pumping` is private there). */
export interface ExecutorState {
  readonly activeCount: number;
  readonly pumping: boolean;
}

/** The executor of the session object's current life; a delete gives the object a new life, and this stays the old one's. */
export function executorOf(sessionId: string): Promise<ExecutorState> {
  return runInDurableObject(env.SESSIONS.getByName(sessionId), (instance) => (instance as unknown as { life: { executor: ExecutorState } }).life.executor);
}

export const isIdle = (executor: ExecutorState): boolean => executor.activeCount === 0 && !executor.pumping;

/** Waits until `executor` (given, or the session's current one) executes nothing and looks for nothing to execute. */
export async function untilIdle(executor: ExecutorState | string, what = "the session's runs to stop executing"): Promise<void> {
  const watched = typeof executor === "string" ? await executorOf(executor) : executor;
  await waitFor(() => isIdle(watched), what, 10_000);
}
