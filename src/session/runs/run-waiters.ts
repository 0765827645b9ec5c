// Whoever waits for a run to end or pause (a request without streaming): answered once with the run's view.
import type { RunView } from "./run-views";

export class RunWaiters {
  private readonly waiting = new Map<string, Array<(r: RunView) => void>>();

  wait(runId: string): Promise<RunView> {
    return new Promise((resolve) => {
      const list = this.waiting.get(runId) ?? [];
      list.push(resolve);
      this.waiting.set(runId, list);
    });
  }

  /** Answers whoever waits for the run; `view` is read only when someone does (a streamed run has no waiter). */
  answer(runId: string, view: () => RunView): void {
    const list = this.waiting.get(runId);
    if (!list) return;
    this.waiting.delete(runId);
    const answer = view();
    for (const resolve of list) resolve(answer);
  }
}
