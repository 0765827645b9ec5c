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

  answer(runId: string, view: RunView): void {
    for (const resolve of this.waiting.get(runId) ?? []) resolve(view);
    this.waiting.delete(runId);
  }
}
