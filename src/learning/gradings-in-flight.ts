// The gradings a Learner object has under way, by what they grade: a client's retry that arrives while
// the first request is still being graded (a model grading takes seconds, longer behind the session's
// other runs) waits for that grading and gets its outcome, instead of grading and counting again. Kept in
// memory: the object is busy with the first request until it settles, so it cannot be evicted meanwhile.
export class GradingsInFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** The grading of `what` under way (joined: true), or `start`ed now; forgotten once it settles. */
  join(what: string, start: () => Promise<T>): { outcome: Promise<T>; joined: boolean } {
    const running = this.running.get(what);
    if (running) return { outcome: running, joined: true };
    const outcome = start().finally(() => this.running.delete(what));
    this.running.set(what, outcome);
    return { outcome, joined: false };
  }
}
